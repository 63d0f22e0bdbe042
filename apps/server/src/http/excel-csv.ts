import { stringify } from 'csv-stringify/sync';

/**
 * The CSV every download of ours uses (the guest list, the album's notes), made for Excel in
 * Türkiye: ";" separates the columns (Turkish Excel's list separator, "," being the decimal mark),
 * a UTF-8 BOM tells it the file is UTF-8 (ç, ğ, ı, İ, ş intact), CRLF ends each row. A cell that
 * starts with = + - @ or a tab would run as a formula (CSV injection): it gets a leading "'", which
 * keeps it text. Cells holding ";", '"' or a line break are quoted.
 */
export function excelCsv(rows: readonly (readonly (string | number)[])[]): string {
  return stringify(rows as (string | number)[][], {
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    escape_formulas: true,
  });
}
