/** The public system information (platform mode, SSO, login page settings) and app settings. */
import type { Catalogue, EndpointData } from '@eem/contract';

export type SystemInfo = EndpointData<Catalogue['shell']['systemInfo']>;
export type AppSystemInfo = EndpointData<Catalogue['shell']['appSystemInfo']>;
export type NavMenuData = EndpointData<Catalogue['shell']['navmenu']>;
