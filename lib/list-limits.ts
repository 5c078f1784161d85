/**
 * The largest list the extension takes, in one place: the lists page checks a file against it while
 * reading it (lib/table-file.ts), before anything is padded, mapped or quoted,
 * and the background's message schemas hold a page to the same figures (lib/background/messages/).
 *
 * Twice the 10,000 rows the lists page is made for, of at most 100 columns of 10,000 characters (a
 * cell is a name, an address, a note); a file of at most 25 MB (a 20,000-row CRM export of a few
 * dozen columns is well under it).
 */
export const LIST_LIMITS = { fileBytes: 25 * 1024 * 1024, rows: 20_000, columns: 100, cell: 10_000 } as const;

/**
 * The largest CRM export taken as the reference of "Already in your CRM" (lib/background/crm/):
 * a CRM holds more people than a list asks about, and only a few cells of each row are kept. A page
 * asks about at most a list's rows at once.
 */
export const CRM_REFERENCE_LIMITS = {
  ...LIST_LIMITS,
  fileBytes: 100 * 1024 * 1024,
  rows: 200_000,
  matchRows: LIST_LIMITS.rows,
} as const;
