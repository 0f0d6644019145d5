// The first module of a worker thread started from the sources (thread-module.ts): a file, as tsx's
// require hooks apply on a thread to a file it starts on and not to code given as a string, and
// CommonJS, as the module it starts (the last argument) is loaded through require there.
require(process.argv[process.argv.length - 1]);
