/**
 * Home, maintenance and 404 as the routes use them: their code (sitePages.ts) is a chunk of its
 * own, loaded when one of them first shows and preloaded by the server on their URLs. The staff
 * area's unknown pages show the same 404.
 */
import { lazyPage } from "../lazyPage.tsx";

const sitePages = () => import("./sitePages.ts");

export const Home = lazyPage("site", () => sitePages().then((m) => m.Home));
export const Maintenance = lazyPage("site", () => sitePages().then((m) => m.Maintenance));
export const NotFound = lazyPage("site", () => sitePages().then((m) => m.NotFound));
