import { UserItem } from '../../views/shared/userTreeItems';

/**
 * The users a command was run on: the selection when the clicked item is part of it (the Users view
 * allows several), else the clicked item alone.
 */
export function chosenUsers(item: unknown, selected: unknown): UserItem[] {
  const items = Array.isArray(selected) && selected.includes(item) ? selected : [item];
  return items.filter((candidate): candidate is UserItem => candidate instanceof UserItem);
}
