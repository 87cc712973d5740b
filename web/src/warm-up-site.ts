// Generated from builder/tests/integration/warm_up_site_is_current.rs by
// `cargo test -p rangefind-builder --test integration write_warm_up_site -- --ignored`:
// do not edit.

/** A one-page site (its site file entry, its files' bytes in base64 by path) and the
 * searches the worker's warm-up runs on it. */
export const WARM_UP_SITE = {
  "file": {
    "path": "en/20809a6dfbfa02271b0e4a00174111b6.rfsite",
    "size": 830,
    "open_region": [
      677,
      830
    ],
    "lexicon": {
      "id": "4e16930a6dd9589ccdaffdb201bfe417",
      "path": "en/lexicon/words.4e16930a6dd9589ccdaffdb201bfe417.lex",
      "size": 679,
      "words": [
        551,
        668
      ],
      "index": [
        668,
        679
      ],
      "format": 5
    }
  },
  "bytes": {
    "en/20809a6dfbfa02271b0e4a00174111b6.rfsite": "ABAAEAAAAgAAAgCIgAAhgCAgAAAACBBAAEgAUQQwCAUACAAQoAABAAAMAAAAAIAEAQABAIAKBBCACAADIAIAAKAgAQAABAAAAACAEAIAAAQQAUAAAgAAQgAAAAAEABAEACIAQIBAAACAAAAkAAABAAACCAAIAEpABAAgABAAVYBIs2RgYOBmZErNY2YtySzJSWVgcHBgZuDISE1MycxLLwbKOrAysiTlp1QyMDTYyzIxgdlQtYwMjImrmBkY2RgZAMgCNY9BS8NAEIVndl9iCaEUERERRMRbevHkRUT8JWs6bRbSNG63SP+9w2y9vW/fm9k3xAFMq45A+D5nMXDfqwr9YVMAcNjPcTSo1ZHQDwYLMKZdnAwadbZxLDMtnE/HbHoJcpfMCszl8VrTk8jG4EYTh63JW7Cbyo47ODdGk/eg6uckKVZKa3qoCSlMO/MewV5CWfSkXSWZfAbVRwmpH65YB5o1vSzZxyy1Yde1XOWQY3/h15Z8HsQ+cG8N+wg081xqvGu506xy0Xxo6d+Q9gafevzwf+8X/gABAQEHARYBFAEIARMBDwEcAQsBFQEKAQ0BDgEFAgkUAQwBBAEZAQIBAgIAEgEBAQEBAwEAAQABAgQGCwcDARoBBQEEAReCAm1Py24CMQxsKRGc+YKRuAL9EI4U9Ryy3o2lJdnaxLleofw9Bi4cepyHZ8ZhFUvKVTR8rLe3KNf9PC0vtWvhfKIoKXMZEKEWjROUjSAUO0UtY4NlwqUZKSimjL+ZpKEQdboDF0gsg2u1dzeh55EOxx8/0WcyqAzsfKrXySUFmzroCLfs+Bn+6CKBtcn1B9GzqL2KDmulZFyLhs3pbd+QoCt99evPYJ6CsY20+MfxNcu4+Py+AwAAAAAAAAAAAAAAAAAAqohIs2RgYOBmZErNY2YtySzJSWVgcHBgZuDISE1MycxLLwbKOrAysiTlp1QyMDTYyzIxgdlQtYwMjImrmBkY2RgZAJkFgAEBAAUHc3RlbW1lZAB+BGhlYWR+QQZjaHVua3O/AdUBCXBvc2l0aW9uc5QDRQdyZWNvcmRz2QPAAQF+QQClAgAAAAAAAEAAAAAE9StTBQAAAFJGUzE=",
    "en/lexicon/words.4e16930a6dd9589ccdaffdb201bfe417.lex": "UkZMRVhDTjUXmrq3zAhtVNGOnDAMZOzAXj+TgxxEguwesDrxCf3rzoQgVVVfwLEde8Ye+I3G+2EGIhDyFHdgA2xbgR804fOgx07ATxp+wOyIaHcE7GjgfIbIEsMYYU+gW19p0RXa9hwVdJZuYHz6CGvXEg8veHglWt2C1paIjx2PUrPj8xERXHlt4pWrpK/sE/sBYWbNWTV9jJvwCgZfRq8PdG8ixMue8iQDRof1ZBFHnjKpTikTcS6kExllMsroaBW4bgwHNnfl+cTWX0zzhU2Wv1jZxjYH7x5lGrTI3fYDrimSliV23eig0djMKR90kFCZ72V81RQZRGu0mOV7GZocZS6NIOHJ8uTgrGxx/GcT401M92w5ld74k7vBADlFWH6971WVUC4V66ZI8GTBsxxOkW7Cd9x47U2kb868Pdn2LG1pbZrDqQpNu/XaicUCiC9zacozjay9TxztFNFxbAW30LdRm+krGwbZgOtUcFOwMjQWJsXK9Fq+9+XMV1Uvt9y0ey8FsPulgALjSEOZbIiSOzFfMRpu24BuZk+JqrM04SNTjBm/aGEqTqY+Ur3D3MDcdqjn9tYcYVwe4THphXuXKG69IBw9cQRu145B6g5I6GhxC9dHYqmCdTE5epmSsEJUtSR+bwr+ql+nEtL9kb64jtd/PtLw1g7xTUn89KsUapxvoIW1VJuJOCw8LtfUL4VToZ6qZoVA/wZNOZzqXuSsnwQ+8QejAR2NbQ7DIAxDCV9X2PkyyACppV2aaeL28/rLetaT/XDpuUwucrEcVcjn/RzbzcKlE6XZxhTgCzX5oJeRC8NgpClSkeGA4P22UL0/osisPBtWKAlXUYoEL1/Cis0cxmxEGBEIxjYKRqyD4jrv7y/rDur/zx8IY2RgTkzOmM8CAA=="
  },
  "queries": [
    {
      "query": "\"static site\" sear",
      "limit": 10,
      "typeahead": true
    },
    {
      "query": "serch engine",
      "limit": 10,
      "typeahead": false
    }
  ]
};
