import { returnToAccount } from '@portico/core'
import { Avatar } from '../../components/Avatar.js'
import { CheckIcon } from '../../components/icons.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { namesCss } from '../RegisterAccountName/styles.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

/** SPEC §4 'Name registration' success: the registered name, and the way back to Account. */
export default function RegisterAccountNameSuccess() {
  const portico = usePortico()
  const { t } = useI18n()
  const name = usePorticoStore('names', (s) => s.registeredName)
  const { address, profileImage } = usePorticoAccount()
  return (
    <div className="name-success" data-testid="register-name-success">
      <Sheet css={namesCss} />
      {address && (
        <span className="badge">
          <Avatar address={address} image={profileImage} size={72} />
          <span className="check">
            <CheckIcon width={12} height={12} />
          </span>
        </span>
      )}
      <p className="text">{t('names.nowIs')}</p>
      <p className="registered" data-testid="registered-name">
        {name}
      </p>
      <p className="text">{t('names.sendToName')}</p>
      <button type="button" className="button full" onClick={() => returnToAccount(portico)} data-testid="register-name-done">
        {t('names.backToAccount')}
      </button>
    </div>
  )
}
