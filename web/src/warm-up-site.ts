// Generated from builder/tests/integration/warm_up_site_is_current.rs by
// `cargo test -p rangefind-builder --test integration write_warm_up_site -- --ignored`:
// do not edit.

/** A one-page site (its site file entry, its files' bytes in base64 by path) and the
 * searches the worker's warm-up runs on it. */
export const WARM_UP_SITE = {
  "file": {
    "path": "en/fd5cc89ff6487802c142fe803ae78269.rfsite",
    "size": 868,
    "open_region": [
      702,
      868
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
    "en/fd5cc89ff6487802c142fe803ae78269.rfsite": "ABAAEAAAAgAAAgCIgAAhgCAgAAAACBBAAEgAUQQwCAUACAAQoAABAAAMAAAAAIAEAQABAIAKBBCACAADIAIAAKAgAQAABAAAAACAEAIAAAQQAUAAAgAAQgAAAAAEABAEACIAQIBAAACAAAAkAAABAAACCAAIAEpABAAgABAAVYBZ82JgYOBlZErNY2EtySzJSWVgcHBgZuACs+PzEnOBAgwMTAwcGamJKZl56cVAngMrI0tSfkolA0ODvSwTE5gN1czIwJi4i5mBkY2RAQDKAjWPQUsDMRCFZ5LsOixFihQpRbCi3raexFMvIuLvSLfTbmCbrmmK9N87TPT2vrxOqpeZN4DeISxbIHCbS2YFI9AdtwUcGXcYw6BQi8O+6xWI0MV9iAqNOLswlD8TMjadsuprAvOXmRJiebyRdGTeKswkcdypvCU0scyYkzFDULkgqL7PnEIltIK7Cbjk4169e0LLvgx6IGc4qXwkqE/sU9cTwrp2zQqen9CGzFeF21TolyVW2efQ1QivddO+zcHmnnWFWc/QXsZS5F3qnUeR0+ZDav/4dFD4lPP7/4u/6BcBAQEHARYBFAEIARMBDwEcAQsBFQEKAQ0BDgEFAgkUAQwBBAEZAQIBAQECAgASAQEBAAEBAQMBAAEAAQIEBgsHAwEaAQUBBAEXggJtT8tuD6YCMQxsKRGc+YKRuAL9EI4U9Ryy3o2lJdnaXqH8PQYuHHqch2fGYRVLylU0fKy3tyjX/TwtL7Vr4XyiKClzGRChFo0TlI0gFDtFLWODZcKlGSkopoy/maShEHW6AxdILINrtXc3oeeRDscfP9FnMqgM7Hyq18klBZs66Ai37PiAGxn+6CKBtcn1B9GzqL2KDmulZFyLhs3pbd8rffXrz2CegrGNtPjH8TXLuPj8vgMAAAAAAAAAAAAAAAAAAJ2rWfNiYGDgZWRKzWNhLcksyUllYHBwYGbgArPj8xJzgQIMDEwMHBmpiSmZeenFQJ4DKyNLUn5KJQNDg70sExOYDdXMyMCYuIuZgZGNkQEAsgWAAQEABQdzdGVtbWVkAH4EaGVhZH5OBmNodW5rc8wB3QEJcG9zaXRpb25zqQNJB3JlY29yZHPyA8ABAX5OAL4CAAAAAAAAQAAAAEd1Eh4FAAAAUkZTMQ==",
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
