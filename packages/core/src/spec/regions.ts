/**
 * SPEC §6: the restricted-timezone list (mainland China, Hong Kong and Macau zones), with the IANA
 * aliases that resolve to them. How it is enforced is ours to choose (SPEC: 'not shown'): Portico
 * does not offer buying crypto (the onramp) to a visitor whose device is set to one of these zones,
 * since onramp providers do not serve those regions. Everything else stays available.
 */
export const RestrictedTimezones = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Kashgar',
  'PRC',
  'Asia/Hong_Kong',
  'Hongkong',
  'Asia/Macau',
  'Asia/Macao',
] as const

/** Whether an IANA time zone is on SPEC §6's restricted list; an unknown zone is not restricted. */
export function isRestrictedTimezone(timeZone: string | undefined): boolean {
  return timeZone !== undefined && (RestrictedTimezones as readonly string[]).includes(timeZone)
}
