// Rows as a CSV file a spreadsheet opens as written: UTF-8 with a byte-order mark (without it Excel reads Korean as
// mojibake), quoted where a cell holds a comma, quote or line break, and no cell a spreadsheet would run as a formula
// (a value an API or a model wrote that starts with =, +, -, @ is prefixed with ', numbers excepted).

const BOM = '\uFEFF';
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvText(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `${BOM}${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
