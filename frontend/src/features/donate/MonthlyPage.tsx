import { useTranslator } from '../../i18n/i18n';
import { DonateLayout } from './DonateLayout';
import { FrequencyToggle } from './FrequencyToggle';
import type { DonatePageData } from './page-data';
import { PledgeCard } from './PledgeCard';

/** /donate/monthly: a pledge, reminded each month with a UPI link and QR code. */
export function MonthlyPage({ data }: { data: DonatePageData }) {
  const { t } = useTranslator();
  return <DonateLayout data={data} title={t('Give every month')} card={<PledgeCard title={data.form_title} above={<FrequencyToggle />} />} />;
}
