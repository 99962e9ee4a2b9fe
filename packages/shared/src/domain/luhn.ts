/**
 * The Luhn check digit over a string of digits: card numbers (the audit trail's redaction) and SIM
 * card numbers (ICCIDs, decision 0092) end with one. The caller checks the text is digits only.
 */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
