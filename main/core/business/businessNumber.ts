// 사업자등록번호: ten digits, the last a check digit over the first nine (weights 1,3,7,1,3,7,1,3,5, plus the
// tens digit of 5 × the ninth digit).
const WEIGHTS = [1, 3, 7, 1, 3, 7, 1, 3, 5];

export function businessCheckDigit(first9: string): number {
  const d = first9.split('').map(Number);
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += d[i]! * WEIGHTS[i]!;
  sum += Math.floor((d[8]! * 5) / 10);
  return (10 - (sum % 10)) % 10;
}

export function isValidBusinessNumber(bno: string): boolean {
  return /^\d{10}$/.test(bno) && businessCheckDigit(bno.slice(0, 9)) === Number(bno[9]);
}

/** A valid number formatted the way Koreans write it: 220-81-62517. */
export function formatBusinessNumber(bno: string): string {
  return /^\d{10}$/.test(bno) ? `${bno.slice(0, 3)}-${bno.slice(3, 5)}-${bno.slice(5)}` : bno;
}
