// The calendar's names as Crate writes them (English), one list for the catalogue's "Liked in March 2025" and the
// dates of the access reminder. Imports nothing: shared/catalogue and the files beside it both import it.

export const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
