import * as vscode from 'vscode';
import { BRANDING_ASSET_KINDS } from '../../api/types';
import { withoutBack } from '../../prompts/userInput';
import { ASSET_TYPES, assetContentType } from '../../state/brandingModel';
import { escapeHtml } from '../../text/html';
import { textDirection } from '../../text/bidi';
import { displayLanguage, sizeText } from '../../text/displayLanguage';
import { scriptFreeDocument } from '../../webviews/shared';
import { tellFailure } from '../../runner/actionRunner';
import { mutateProfile, type BrandingCommandContext, brandingOf } from './brandingContext';
import { profileName, profileTarget } from './brandingTarget';
import { registerPanelCommand } from '../registerPanelCommand';

/** Files larger than this are not read for the preview (the panel has its own limit and says it). */
const MAX_READ_BYTES = 50 * 1024 * 1024;

/** The image as the user will send it, in a script-free page (a `data:` URL; nothing is loaded). */
function imagePreviewHtml(fileName: string, contentType: string, bytes: Uint8Array, caption: string): string {
  const image = contentType.startsWith('image/')
    ? `<img alt="${escapeHtml(fileName)}" src="data:${escapeHtml(contentType)};base64,${Buffer.from(bytes).toString('base64')}">`
    : '';
  return `<style>body{font-family:system-ui,sans-serif;padding:16px;background:#f6f8fa;color:#1f2328}
img{max-width:100%;max-height:70vh;border:1px solid #8888;background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}</style>
<p lang="${escapeHtml(displayLanguage())}" dir="${textDirection()}">${escapeHtml(caption)}</p>${image}`;
}

/**
 * "Upload Branding Asset…": the kind (logo, logo_dark, favicon, login_bg), an image from a file dialog,
 * the image previewed with its name, type and size, a confirmation, then one multipart/form-data POST.
 * The panel's refusal (422: too large, wrong type…) is told with its reasons.
 */
export function registerUploadBrandingAsset(context: BrandingCommandContext): vscode.Disposable {
  const { session, input } = context;
  return registerPanelCommand('panelOps.branding.upload', async (item?: unknown): Promise<void> => {
    const target = await profileTarget(item, session, brandingOf(context), input, vscode.l10n.t('Upload Branding Asset'));
    if (!target) return;
    const name = profileName(target.profile);
    const kind = withoutBack(await input.pick({
      title: vscode.l10n.t('Upload an asset to "{0}"', name),
      placeholder: vscode.l10n.t('Which asset?'),
      items: BRANDING_ASSET_KINDS.map((candidate) => ({
        label: candidate,
        description: target.profile.assets.find((asset) => asset.kind === candidate)?.filename,
        assetKind: candidate,
      })),
    }))?.assetKind;
    if (!kind) return;
    const uri = await input.openFile({ title: vscode.l10n.t('Image for {0} of "{1}"', kind, name), filters: { [vscode.l10n.t('Images')]: Object.keys(ASSET_TYPES) } });
    if (!uri) return;
    const fileName = uri.path.split('/').pop() || 'upload';
    let bytes: Uint8Array;
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.size > MAX_READ_BYTES) {
        void input.notify('error', vscode.l10n.t('{0} is {1}; Panel Ops does not send files over {2}.', fileName, sizeText(stat.size), sizeText(MAX_READ_BYTES)));
        return;
      }
      bytes = await vscode.workspace.fs.readFile(uri);
    } catch (error) {
      tellFailure(context, vscode.l10n.t('Could not read {0}', fileName), error);
      return;
    }
    const contentType = assetContentType(fileName);
    const summary = vscode.l10n.t('{0} ({1}, {2}) as {3} of "{4}"', fileName, contentType, sizeText(bytes.length), kind, name);
    const previewTitle = vscode.l10n.t('Upload: {0}', fileName);
    const preview = context.webviews.openScriptFree({ viewType: 'panelOps.assetPreview', title: previewTitle, document: scriptFreeDocument(previewTitle, imagePreviewHtml(fileName, contentType, bytes, summary)), beside: true });
    let answer: string | undefined;
    const upload = vscode.l10n.t('Upload');
    try {
      answer = await input.confirm({ message: vscode.l10n.t('Upload {0}?', summary), detail: vscode.l10n.t('The preview shows the image as it will be sent.'), actions: [upload] });
    } finally {
      preview.dispose();
    }
    if (answer !== upload) return;
    const failure = vscode.l10n.t('Could not upload {0} as {1} of "{2}"', fileName, kind, name);
    const outcome = await mutateProfile(context, target, {
      busyLabel: vscode.l10n.t('Uploading {0}…', fileName),
      failure,
      run: (api, signal) => api.branding.profiles.upload(target.profile.id, kind, { bytes, filename: fileName, contentType }, { signal }),
      apply: () => brandingOf(context, target.panelId)?.refresh(),
      reconcile: async () => {
        await brandingOf(context, target.panelId)?.refresh();
        const asset = brandingOf(context, target.panelId)?.get(target.profile.id)?.assets.find((candidate) => candidate.kind === kind);
        return asset?.filename === fileName
          ? vscode.l10n.t('The panel holds {0} as {1} of "{2}".', fileName, kind, name)
          : vscode.l10n.t('The panel does not hold {0} as {1} of "{2}".', fileName, kind, name);
      },
    });
    if (outcome.kind === 'done') void input.notify('info', vscode.l10n.t('Uploaded {0} as {1} of "{2}".', fileName, kind, name));
  });
}
