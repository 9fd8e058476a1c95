/**
 * Trusting a self-signed panel: the operator sees the certificate the panel presents (subject, issuer,
 * validity, SHA-256 fingerprint) and may trust exactly that certificate for exactly that panel.
 */
import * as vscode from 'vscode';
import type { CertificateFacts } from '../api/presentedCertificate';
import type { UserInput } from '../prompts/userInput';
import { plainLabel } from '../text/plainText';

/** The button that trusts the certificate (tests answer with it). */
export function trustCertificateAction(): string {
  return vscode.l10n.t('Trust This Certificate for This Panel');
}

/** Asks whether to trust the certificate; resolves its PEM when the operator trusted it. */
export async function offerCertificateTrust(input: UserInput, url: string, certificate: CertificateFacts): Promise<string | undefined> {
  const action = trustCertificateAction();
  // The certificate's names come from the server: shown as plain text, cut to a sane length.
  const detail = [
    vscode.l10n.t('Subject: {0}', plainLabel(certificate.subject, 300)),
    vscode.l10n.t('Issuer: {0}', plainLabel(certificate.issuer, 300)),
    vscode.l10n.t('Valid from {0} to {1}', certificate.validFrom, certificate.validTo),
    vscode.l10n.t('SHA-256 fingerprint: {0}', certificate.sha256),
    '',
    vscode.l10n.t('Compare the fingerprint with the one on the panel\'s server before trusting it. Only this panel will trust this certificate; the token is sent only after you trust it.'),
  ].join('\n');
  const answer = await input.confirm({
    message: vscode.l10n.t('The certificate of {0} is not trusted by this system.', url),
    detail,
    actions: [action],
  });
  return answer === action ? certificate.pem : undefined;
}
