// Generated from builder/tests/integration/warm_up_site_is_current.rs by
// `cargo test -p rangefind-builder --test integration write_warm_up_site -- --ignored`:
// do not edit.

/** A one-page site (its site file entry, its files' bytes in base64 by path) and the
 * searches the worker's warm-up runs on it. */
export const WARM_UP_SITE = {
  "file": {
    "path": "en/9d471e9ca619d2cc3fbab082f037cbf8.rfsite",
    "size": 832,
    "open_region": [
      679,
      832
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
    "en/9d471e9ca619d2cc3fbab082f037cbf8.rfsite": "ABAAEAAAAgAAAgCIgAAhgCAgAAAACBBAAEgAUQQwCAUACAAQoAABAAAMAAAAAIAEAQABAIAKBBCACAADIAIAAKAgAQAABAAAAACAEAIAAAQQAUAAAgAAQgAAAAAEABAEACIAQIBAAACAAAAkAAABAAACCAAIAEpABAAgABAAVYBIs2RgYOBhZErNY2YtySzJSWVgcHBgZuDISE1MycxLLwbKOrAysiTlp1QyMDTYyzIxgdlQtYwMjInrmBkY2RgZAMgCNY9Ba8MwDIUl28lEKKOMMsIIlDJ2Sy877TLG2C/xUrUxpG7muoz++wm5u73P71l6AvQOYdkDgfu+ZlZbaTACw2lXwJFxxzlMCrU47IdRgQhdPISo0IizD1P5syBj0zmrvicwt8ySEMvjg6Qj805hJYnTXuUjoYllRkvGTEHlE0H1c+EUKqEtdAtwyceDemtCy74M2pAznFQ+E9Rn9mkY7xC6utnCS4c2ZK4V+77FKvschhu/tmDzyLrAvJFQrdBe51LjXcpdZpHUfEjpX5+OCp9y/Ph/7xf9AQEBAQcBFgEUAQgBEwEPARwBCwEVAQoBDQEOAQUCCRQBDAEEARkBAgECAgASAQEBAQEDAQABAAECBAYLBwMBGgEFAQQBF4ICbU/LbgIxDGwpEZz5gpG4Av0QjhT1HLLejaUlafTZ2l6h/D0GLhx6nIdnxmEVS8pVNHyst7co1/08LS+1a+F8oigpcxkQoRaNE5SNIBQ7RS1jg2XCpRkpKKaMv5mkoRB1ugMXSCyDa7V3N6HnkQ7HHz/RZzKoDOx8qtfJJQWbOugIt+z4Gf7oIoG1yfUH0bOovYoOa6VkXIuGzelYXm3fK331689gnoKxjbT4x/E1y7j4/L4DAAAAAAAAAAAAAAAAAADl/0izZGBg4GFkSs1jZi3JLMlJZWBwcGBm4MhITUzJzEsvBso6sDKyJOWnVDIwNNjLMjGB2VC1jAyMieuYGRjZGBkAmwWAAQEABQdzdGVtbWVkAH4EaGVhZH5BBmNodW5rc78B1wEJcG9zaXRpb25zlgNFB3JlY29yZHPbA8ABAX5BAKcCAAAAAAAAQAAAAPAt2jgFAAAAUkZTMQ==",
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
