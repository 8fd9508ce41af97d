"""The translator's workbench: clause-by-clause alignment of translations and versions
(alignment), the change report of a new version (changes), terminology QA against the
bilingual glossary (terminology), CSV/XLIFF exports (exports), and the pages (views,
urls: /compare/, upload and review of a new version) and JSON API (api: /api/v1/compare/)."""
