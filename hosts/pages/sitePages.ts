/**
 * The host's pages besides the flows and the staff area: home, maintenance and 404. One chunk of
 * their own (hosts/App.tsx), which the server preloads on their URLs: the customer flow pages'
 * shell does not carry them.
 */
export { Home } from "./Home.tsx";
export { Maintenance } from "./Maintenance.tsx";
export { NotFound } from "./NotFound.tsx";
