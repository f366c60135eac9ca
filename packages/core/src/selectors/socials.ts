import type { SocialProvider } from '../spec/defaults.js'
import type { Portico } from '../portico.js'
import { browserPlatform } from '../embedded/browser.js'

/**
 * SPEC §5 'Social restrictions': on Telegram there is no google on iOS, no x on Mac and no
 * facebook or x on Android; when the pay feature is on, email and socials are disabled.
 */
export function restrictedSocials(platform: 'ios' | 'android' | 'mac' | 'other', isTelegram: boolean): SocialProvider[] {
  if (!isTelegram) return []
  if (platform === 'ios') return ['google']
  if (platform === 'mac') return ['x']
  if (platform === 'android') return ['facebook', 'x']
  return []
}

/** The social providers the Connect view offers, in the project's order. */
export function availableSocials(portico: Portico): SocialProvider[] {
  if (!portico.options.embeddedWallet || portico.options.features.pay) return []
  const socials = portico.stores.project.getState().remoteFeatures.socials
  if (!socials) return []
  const blocked = restrictedSocials(portico.environment.platform?.() ?? browserPlatform(), portico.environment.isTelegram?.() ?? false)
  return socials.filter((provider) => !blocked.includes(provider))
}

/** Whether the Connect view offers email login. */
export function emailLoginAvailable(portico: Portico): boolean {
  return Boolean(portico.options.embeddedWallet) && !portico.options.features.pay && portico.stores.project.getState().remoteFeatures.email
}
