"""The rules offline: the web app manifest, the service worker, the offline page and each
published document as one compact JSON bundle that a judge's phone keeps (docs/offline.md)."""
