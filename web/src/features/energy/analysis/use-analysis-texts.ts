/** The texts an energy analysis description reads: shared, its own, and the idle reasons. */
import { useTexts } from '../../../i18n/texts';
import { useReasons } from '../common/energy-data';
import { energyTexts } from '../common/texts';
import { energyAnalysisTexts } from './texts';

export function useAnalysisTexts() {
  return { t: useTexts(energyTexts), a: useTexts(energyAnalysisTexts), reasons: useReasons() };
}
