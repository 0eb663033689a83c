import {
  addBannerBodySchema,
  bannerSchema,
  updateBannerBodySchema,
} from '../../../../../domain/api/top-content';
import { banners } from '../../../../services/top-content-service';
import { topContentRoutes } from '../top-content';

/** /banner/get-banner, add-banner, update-banner, delete-banner. */
export const bannerRoutes = topContentRoutes({
  name: 'banner',
  label: 'バナー',
  listOrder: '新しい順',
  item: bannerSchema,
  addBody: addBannerBodySchema,
  updateBody: updateBannerBodySchema,
  useCases: banners,
});
