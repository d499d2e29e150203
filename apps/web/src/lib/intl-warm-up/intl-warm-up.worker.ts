/// <reference lib="webworker" />
// Builds V8's lists of the locales that number and date formats support. V8 keeps them once per
// browser process, for every thread; built here, off the main thread, the page's first file size or
// date costs a phone about 2 ms instead of 150 (docs/performance.md, "Number formats off the main
// thread"). The worker has nothing else to do and ends.
Intl.NumberFormat.supportedLocalesOf('de-CH');
Intl.DateTimeFormat.supportedLocalesOf('de-CH');
self.close();
