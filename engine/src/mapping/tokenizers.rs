//! Text analysers, registered under names derived from the mapping so the builder and every
//! reader build the same pipeline.

use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, RawTokenizer, RemoveLongFilter, SimpleTokenizer,
    Stemmer, TextAnalyzer, TokenizerManager,
};

use super::config::{DocMapping, FieldMapping};

/// Words longer than this are dropped (base64 blobs, hashes glued to text).
const MAX_TOKEN_LEN: usize = 40;

/// Analyser for keyword fields: the value as one token.
pub(crate) const KEYWORD_TOKENIZER: &str = "raw";
/// Analyser used for the last word of a prefix query: lowercased and folded, never stemmed.
pub(crate) const PREFIX_TOKENIZER: &str = "rf_words";

/// Analyser name for a text field.
pub(crate) fn text_tokenizer_name(field: &FieldMapping) -> String {
    match &field.language {
        Some(language) => format!("rf_words_{}", language.to_ascii_lowercase()),
        None => PREFIX_TOKENIZER.to_string(),
    }
}

/// Stemmer language for a code (`en`) or an English name (`english`).
pub(crate) fn stemmer_language(code: &str) -> Option<Language> {
    let language = match code.to_ascii_lowercase().as_str() {
        "ar" | "arabic" => Language::Arabic,
        "da" | "danish" => Language::Danish,
        "nl" | "dutch" => Language::Dutch,
        "en" | "english" => Language::English,
        "fi" | "finnish" => Language::Finnish,
        "fr" | "french" => Language::French,
        "de" | "german" => Language::German,
        "el" | "greek" => Language::Greek,
        "hu" | "hungarian" => Language::Hungarian,
        "it" | "italian" => Language::Italian,
        "no" | "nb" | "norwegian" => Language::Norwegian,
        "pt" | "portuguese" => Language::Portuguese,
        "ro" | "romanian" => Language::Romanian,
        "ru" | "russian" => Language::Russian,
        "es" | "spanish" => Language::Spanish,
        "sv" | "swedish" => Language::Swedish,
        "ta" | "tamil" => Language::Tamil,
        "tr" | "turkish" => Language::Turkish,
        _ => return None,
    };
    Some(language)
}

fn words() -> tantivy::tokenizer::TextAnalyzerBuilder<impl tantivy::tokenizer::Tokenizer> {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(MAX_TOKEN_LEN))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
}

/// Registers every analyser the mapping uses.
pub fn register_tokenizers(manager: &TokenizerManager, mapping: &DocMapping) {
    manager.register(
        KEYWORD_TOKENIZER,
        TextAnalyzer::from(RawTokenizer::default()),
    );
    manager.register(PREFIX_TOKENIZER, words().build());
    for field in &mapping.fields {
        if let Some(language) = field.language.as_deref().and_then(stemmer_language) {
            let analyzer = words().filter(Stemmer::new(language)).build();
            manager.register(&text_tokenizer_name(field), analyzer);
        }
    }
}
