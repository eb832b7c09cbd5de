/** Texts of the light charts, in Chinese and English. */
import { defineTexts } from '../../i18n/texts';

export const lightChartTexts = defineTexts({
  zh: {
    keys: '{title}：用方向键逐项读取数值',
    total: '合计',
    name: '名称',
  },
  en: {
    keys: '{title}: use the arrow keys to read the values',
    total: 'Total',
    name: 'Name',
  },
});
