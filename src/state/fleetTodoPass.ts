/**
 * The fleet to-do's one bounded pass over a panel (issue 35): every user at the contract's largest page
 * (`GET /keys?per_page=200`, paged by the client's "list all" under the paging cap and its adaptive
 * concurrency, `panelOps.paging.maxConcurrency`), keeping only the users whose `live` figures could make a
 * finding (compacted: no secret, no links); `GET /fleet/updates` when asked (nodes:write); the panel's
 * certificate by a TLS handshake when asked (https panels). Each read goes through the panel's own call
 * (its session: token state, 403 beliefs), cancelled by the signal. No `vscode` import.
 */
import type { PanelApi } from '../api';
import type { KeyPage } from '../api/types';
import type { StoreSession } from './storeSession';
import { liveUserOf, type CertificateHolding, type PassHoldings } from './passFindings';
import type { User } from '../api/types';

/** The contract's largest page of `GET /keys`. */
export const PASS_PAGE_SIZE = 200;

/** What one pass reads. */
export interface PassWants {
  readonly users: boolean;
  readonly fleetUpdates: boolean;
  /** Reads the panel's certificate (a TLS handshake); undefined: not read. */
  readonly certificate?: () => Promise<CertificateHolding | undefined>;
}

export interface PassResult {
  /** What was read; a part not read keeps the previous pass's (`previous`). */
  readonly holdings: PassHoldings;
  /** Requests sent: pages of users, the fleet updates, the handshake. */
  readonly requests: number;
}

/**
 * Reads what `wants` asks for. A part that fails keeps what the previous pass read of it (the findings
 * stay those of the last read, never dropped sooner); a cancelled pass throws the cancellation.
 */
export async function readPass(call: StoreSession['call'], wants: PassWants, previous: PassHoldings | undefined, signal: AbortSignal): Promise<PassResult> {
  let requests = 0;
  let users = previous?.users ?? [];
  let fleetUpdates = previous?.fleetUpdates;
  let certificate = previous?.certificate;
  const failed = (error: unknown) => {
    if (signal.aborted) throw error;
  };
  if (wants.users) {
    await call(async (api: PanelApi, callSignal) => {
      const kept: User[] = [];
      for await (const page of api.keys.allPages({ per_page: PASS_PAGE_SIZE }, { signal: callSignal })) {
        requests++;
        for (const item of itemsOf(page)) {
          const user = liveUserOf(item);
          if (user) kept.push(user);
        }
      }
      users = kept;
    }, signal).catch(failed);
  } else {
    users = [];
  }
  if (wants.fleetUpdates) {
    requests++;
    await call(async (api: PanelApi, callSignal) => { fleetUpdates = await api.fleet.updates.list({ signal: callSignal }); }, signal).catch(failed);
  } else {
    fleetUpdates = undefined;
  }
  if (wants.certificate) {
    requests++;
    certificate = await wants.certificate().catch((error: unknown) => { failed(error); return certificate; });
  } else {
    certificate = undefined;
  }
  if (signal.aborted) throw new Error('cancelled');
  return { holdings: { users, ...(fleetUpdates === undefined ? {} : { fleetUpdates }), ...(certificate ? { certificate } : {}) }, requests };
}

function itemsOf(page: KeyPage): readonly unknown[] {
  return Array.isArray(page?.items) ? page.items : [];
}
