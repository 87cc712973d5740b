//! A page as the JSON document the index is built from (the fields of [`crate::site::mapping`]).

use serde_json::{json, Value};

use super::extract::Page;
use crate::site::mapping::{fields, TITLE_TENTHS};

/// The JSON document of `page`, served at `url`.
pub fn record(url: &str, page: &Page) -> Value {
    let mut record = json!({
        fields::URL: url,
        fields::TITLE: page.title,
        fields::HEADINGS: page.headings,
        fields::BODY: page.sections.iter().map(|s| s.text.as_str()).collect::<Vec<_>>(),
        fields::SECTIONS: page.sections.iter().map(|s| s.heading.as_str()).collect::<Vec<_>>(),
        fields::ANCHORS: page.sections.iter().map(|s| s.anchor.as_str()).collect::<Vec<_>>(),
        fields::FILTER: page.filters,
        fields::META: page.meta,
    });
    let object = record.as_object_mut().expect("an object");
    let weight = page.text_weight();
    if weight < 1.0 {
        object.insert(fields::TEXT_WEIGHT.into(), Value::from(weight));
    }
    for (tenths, text) in page.weighted_text(TITLE_TENTHS) {
        object.insert(fields::weighted(tenths), Value::String(text));
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::pages::extract::Section;

    #[test]
    fn sections_are_parallel_lists() {
        let page = Page {
            title: "T".into(),
            sections: vec![
                Section {
                    heading: "".into(),
                    anchor: "".into(),
                    text: "intro".into(),
                },
                Section {
                    heading: "Usage".into(),
                    anchor: "#usage".into(),
                    text: "use it".into(),
                },
            ],
            weighted: [(20, "key words".to_string())].into(),
            filters: [("tag".to_string(), vec!["a".to_string()])].into(),
            ..Page::default()
        };
        let record = record("/x/", &page);
        assert_eq!(record["body"], json!(["intro", "use it"]));
        assert_eq!(record["sections"], json!(["", "Usage"]));
        assert_eq!(record["anchors"], json!(["", "#usage"]));
        assert_eq!(record["weight_20"], "key words");
        assert_eq!(record["filter"]["tag"], json!(["a"]));
    }
}
