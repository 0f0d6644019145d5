/**
 * undici's Agent for outbound HTTP (carrier calls, webhook deliveries). Its users import this module
 * dynamically, so that undici, the largest package of the service (about 700 KB of code), loads with
 * the first call rather than at start (bench/README.md: idle memory). The module sits in between
 * because the compiled bundle gives a CommonJS package's named exports to a static import only.
 */
export { Agent } from 'undici';
