/**
 * The words of a event notification: one notification for all the events of a report, never one per event
 * ("3 nodes went offline on Frankfurt: fra-1, fra-2, …"; "While you were away: 2 nodes went offline, 1
 * apply failed"), and the actions that help with what it tells. Panel text (names, titles, labels) is
 * untrusted: made plain and shortened here. No `vscode` import: words go through the caller's `Localize`.
 */
import type { PanelEvent, PanelEventKind } from '../state/panelEvents';
import type { Localize } from '../text/localize';
import { plainLabel } from '../text/plainText';
import { plural } from '../text/plural';

/** `showAll`: the list of a folded notice's events, each with the action that helps (see `composeNotice`). */
export type NoticeAction = 'showLogs' | 'showJobHistory' | 'resolve' | 'showUsers' | 'showAll';

export interface EventNotice {
  readonly severity: 'error' | 'warning' | 'info';
  readonly message: string;
  /** In the order their buttons are shown; the events each acts on are `eventsFor(action)`. */
  readonly actions: readonly NoticeAction[];
}

const KIND_ORDER: readonly PanelEventKind[] = ['nodeOffline', 'applyFailed', 'applyRolledBack', 'criticalAlert', 'nodeDegraded', 'usersExpiring'];

/** What helps with an event of this kind. */
export const ACTION_OF: Readonly<Record<PanelEventKind, NoticeAction>> = {
  nodeOffline: 'showLogs',
  nodeDegraded: 'showLogs',
  applyFailed: 'showJobHistory',
  applyRolledBack: 'showJobHistory',
  criticalAlert: 'resolve',
  usersExpiring: 'showUsers',
};

/** Names shown in a notification before "…". */
const NAMES_SHOWN = 3;
const NAME_LENGTH = 40;

/** The label of an action's button. */
export function actionLabel(action: NoticeAction, t: Localize): string {
  switch (action) {
    case 'showLogs': return t('Show Logs');
    case 'showJobHistory': return t('Show Job History');
    case 'resolve': return t('Resolve');
    case 'showUsers': return t('Show Users');
    case 'showAll': return t('Show All');
  }
}

/** One event as a line of the Show All list ("fra-2 went offline"); its panel is shown beside it. */
export function eventPhrase(event: PanelEvent, t: Localize): string {
  const name = plainLabel(event.name, NAME_LENGTH) || '?';
  switch (event.kind) {
    case 'nodeOffline': return t('{0} went offline', name);
    case 'nodeDegraded': return t('{0} degraded', name);
    case 'applyFailed': return t('Apply on {0} failed', name);
    case 'applyRolledBack': return t('Apply on {0} rolled back', name);
    case 'criticalAlert': return t('Critical alert: {0}', name);
    case 'usersExpiring': return t('Access of {0} ends today', name);
  }
}

/** "fra-1, fra-2, fra-3, …": plain, shortened, at most three. */
export function nameList(events: readonly PanelEvent[]): string {
  const names = [...new Set(events.map((event) => plainLabel(event.name, NAME_LENGTH) || '?'))];
  return names.length > NAMES_SHOWN ? `${names.slice(0, NAMES_SHOWN).join(', ')}, …` : names.join(', ');
}

/** A counted phrase per kind: "2 nodes went offline". */
export function countPhrase(kind: PanelEventKind, count: number, t: Localize): string {
  switch (kind) {
    case 'nodeOffline': return plural(count, { one: '{0} node went offline', other: '{0} nodes went offline' }, t);
    case 'nodeDegraded': return plural(count, { one: '{0} node degraded', other: '{0} nodes degraded' }, t);
    case 'applyFailed': return plural(count, { one: '{0} apply failed', other: '{0} applies failed' }, t);
    case 'applyRolledBack': return plural(count, { one: '{0} apply rolled back', other: '{0} applies rolled back' }, t);
    case 'criticalAlert': return plural(count, { one: '{0} new critical alert', other: '{0} new critical alerts' }, t);
    case 'usersExpiring': return plural(count, { one: '{0} user\'s access ends today', other: '{0} users\' access ends today' }, t);
  }
}

/** Events grouped by kind, in the order of `KIND_ORDER`. */
function byKind(events: readonly PanelEvent[]): [PanelEventKind, PanelEvent[]][] {
  return KIND_ORDER.map((kind): [PanelEventKind, PanelEvent[]] => [kind, events.filter((event) => event.kind === kind)]).filter(([, list]) => list.length > 0);
}

/**
 * The one notification for a report's events. One kind: the count, the panel and the names ("3 nodes went
 * offline on Frankfurt: fra-1, fra-2, …"). Several kinds: the counts ("2 nodes went offline, 1 apply
 * failed on Frankfurt"). After focus returned: "While you were away: " and the counts. `folded`: the
 * events of several reports found while an earlier notice was on screen (notifications/noticeSlot.ts);
 * with more than one event the notice also offers Show All, the list of every event with its own action.
 */
export function composeNotice(events: readonly PanelEvent[], away: boolean, panelName: (panelId: string) => string, t: Localize, folded = false): EventNotice {
  const groups = byKind(events);
  const panels = [...new Set(events.map((event) => event.panelId))];
  const where = panels.map((id) => plainLabel(panelName(id), NAME_LENGTH)).join(', ');
  const actions: NoticeAction[] = [...new Set(groups.map(([kind]) => ACTION_OF[kind]))];
  if (folded && events.length > 1) actions.push('showAll');
  const severe = events.some((event) => event.kind === 'nodeOffline' || event.kind === 'applyFailed' || event.kind === 'criticalAlert');
  const severity = severe ? 'error' : events.every((event) => event.kind === 'usersExpiring') ? 'info' : 'warning';
  const counts = groups.map(([kind, list]) => countPhrase(kind, list.length, t)).join(', ');
  let message: string;
  if (away) {
    message = t('While you were away: {0} ({1})', counts, where);
  } else if (groups.length === 1) {
    const [[kind, list]] = groups;
    const detail = kind === 'applyFailed' && list.length === 1 ? jobError(list[0]) : '';
    message = detail
      ? t('{0} on {1}: {2} ({3})', countPhrase(kind, list.length, t), where, nameList(list), detail)
      : t('{0} on {1}: {2}', countPhrase(kind, list.length, t), where, nameList(list));
  } else {
    message = t('{0} on {1}', counts, where);
  }
  return { severity, message, actions };
}

/** The events an action of the notice acts on. */
export function eventsFor(action: NoticeAction, events: readonly PanelEvent[]): PanelEvent[] {
  if (action === 'showAll') return [...events];
  return events.filter((event) => ACTION_OF[event.kind] === action);
}

function jobError(event: PanelEvent): string {
  return plainLabel(event.job?.error, 80);
}
