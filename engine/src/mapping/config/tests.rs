use super::*;

const MAPPING: &str = r#"
id_field: id
timestamp_field: at
fields:
  - { name: id, type: keyword }
  - { name: title, type: text, language: en, boost: 2 }
  - { name: body, type: text }
  - { name: at, type: datetime, fast: true }
"#;

#[test]
fn parses_defaults() {
    let mapping = DocMapping::from_yaml(MAPPING).unwrap();
    assert_eq!(mapping.default_operator, Operator::And);
    assert!(mapping.fields[1].stored && mapping.fields[1].positions);
    let search: Vec<&str> = mapping
        .search_fields()
        .iter()
        .map(|f| f.name.as_str())
        .collect();
    assert_eq!(search, ["title", "body"]);
    assert_eq!(mapping.snippet_field().unwrap().name, "body");
}

#[test]
fn errors_name_the_setting() {
    let bad = MAPPING.replace("id_field: id", "id_field: nope");
    let error = DocMapping::from_yaml(&bad).unwrap_err().to_string();
    assert!(error.contains("id_field \"nope\""), "{error}");
    let bad = MAPPING.replace("language: en", "language: xx");
    assert!(DocMapping::from_yaml(&bad)
        .unwrap_err()
        .to_string()
        .contains("unknown language"));
    let bad = MAPPING.replace("fast: true", "fast: false");
    assert!(DocMapping::from_yaml(&bad)
        .unwrap_err()
        .to_string()
        .contains("timestamp_field"));
    for (source, expected) in [
        ("source: []", "`source` needs at least one JSON path"),
        ("source: [a, \"\"]", "`source` needs at least one JSON path"),
        ("source: \"\"", "`source` needs at least one JSON path"),
        ("source: \" \"", "`source` needs at least one JSON path"),
        (
            "boost: .nan",
            "`boost` must be a finite number of 0 or more (found NaN)",
        ),
        (
            "boost: -2",
            "`boost` must be a finite number of 0 or more (found -2)",
        ),
        (
            "boost: .inf",
            "`boost` must be a finite number of 0 or more (found inf)",
        ),
    ] {
        let bad = MAPPING.replace("type: text }", &format!("type: text, {source} }}"));
        let error = DocMapping::from_yaml(&bad).unwrap_err().to_string();
        assert!(error.contains(expected), "{source}: {error}");
        assert!(error.contains("field \"body\""), "{source}: {error}");
    }
    let bad = MAPPING.replace("type: keyword", "type: keyword, colour: red");
    assert!(DocMapping::from_yaml(&bad)
        .unwrap_err()
        .to_string()
        .contains("colour"));
}
