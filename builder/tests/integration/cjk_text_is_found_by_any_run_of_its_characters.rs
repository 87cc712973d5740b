//! Chinese, Japanese and Korean pages, written for this test: any three or four consecutive
//! characters of a title find its page, through the site file and through the splits; the
//! language of pages that declare none is told by their script; matches are marked in
//! snippets; typo tolerance leaves CJK words alone.

use crate::common;

use std::path::{Path, PathBuf};

use common::{build_site, search_json};

/// (file, `<html lang>`, title, body)
const PAGES: &[(&str, Option<&str>, &str, &str)] = &[
    (
        "zh/search.html",
        None,
        "全文检索入门",
        "本文介绍如何在静态网站上使用全文检索，不需要服务器。",
    ),
    (
        "zh/packages.html",
        None,
        "软件包管理",
        "使用 apt-get 命令安装、升级和删除软件包。",
    ),
    (
        "zh/git.html",
        None,
        "git 命令参考",
        "常用的 git 命令：提交、分支和合并。",
    ),
    (
        "zh/network.html",
        None,
        "网络接口配置",
        "配置网络接口和防火墙规则，检查连接状态。",
    ),
    (
        "zh/backup.html",
        None,
        "系统备份与恢复",
        "定期备份系统文件，并在故障后恢复。",
    ),
    (
        "ja/search.html",
        Some("ja"),
        "全文検索エンジンの使い方",
        "静的なサイトで全文検索を使う方法を説明します。",
    ),
    (
        "ja/packages.html",
        Some("ja"),
        "パッケージの管理",
        "apt-get コマンドでパッケージをインストールします。",
    ),
    (
        "ja/network.html",
        Some("ja"),
        "ネットワークの設定",
        "インターフェースとファイアウォールを設定します。",
    ),
    (
        "ko/search.html",
        Some("ko"),
        "전문 검색 엔진 사용법",
        "정적 사이트에서 전문 검색을 사용하는 방법입니다.",
    ),
    (
        "ko/packages.html",
        Some("ko"),
        "패키지 관리자 안내",
        "apt-get 명령으로 패키지를 설치합니다.",
    ),
];

fn write_site(site: &Path) {
    for (file, lang, title, body) in PAGES {
        let lang = lang.map(|l| format!(r#" lang="{l}""#)).unwrap_or_default();
        let html = format!(
            "<!DOCTYPE html><html{lang}><head><title>{title}</title></head>\
             <body><main><h1>{title}</h1><p>{body}</p></main></body></html>"
        );
        let path = site.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, html).unwrap();
    }
}

/// The pages written into `dir/site` and built with `--splits`: the index directory.
fn built_site(dir: &Path) -> PathBuf {
    let site = dir.join("site");
    write_site(&site);
    build_site(&site, &["--splits"])
}

fn urls(answer: &serde_json::Value) -> Vec<String> {
    answer["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|hit| hit["doc"]["url"].as_str().unwrap().to_string())
        .collect()
}

/// Every run of three and four consecutive CJK characters of `text`.
fn runs(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut runs = Vec::new();
    for length in [3, 4] {
        for window in chars.windows(length) {
            if window
                .iter()
                .all(|c| rangefind_engine::analysis::is_cjk(*c))
            {
                runs.push(window.iter().collect());
            }
        }
    }
    runs
}

#[test]
fn any_run_of_three_or_four_characters_of_a_title_finds_its_page() {
    let dir = tempfile::tempdir().unwrap();
    let index = built_site(dir.path());
    let site_json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(index.join("site.json")).unwrap()).unwrap();
    let languages: Vec<&String> = site_json["languages"].as_object().unwrap().keys().collect();
    // The Chinese pages declare no language: their script tells it.
    assert_eq!(languages, ["ja", "ko", "zh"], "{site_json}");

    let mut tried = 0;
    for (file, lang, title, _) in PAGES {
        let language = lang.unwrap_or("zh");
        let url = format!("/{file}");
        for query in runs(title) {
            for engine in [&["--site-file"][..], &[]] {
                let mut args = vec!["--language", language, "--fields", "url"];
                args.extend_from_slice(engine);
                let answer = search_json(&index, &query, &args);
                assert!(
                    urls(&answer).contains(&url),
                    "{query} ({language}, {engine:?}) does not find {url}: {answer}"
                );
                tried += 1;
            }
        }
    }
    assert!(tried > 80, "{tried} queries");
}

#[test]
fn cjk_runs_are_phrases_marked_in_snippets_and_never_typos() {
    let dir = tempfile::tempdir().unwrap();
    let index = built_site(dir.path());
    let zh = |query: &str, extra: &[&str]| {
        let mut args = vec!["--language", "zh", "--site-file"];
        args.extend_from_slice(extra);
        search_json(&index, query, &args)
    };

    // Latin and CJK words in one query and in one page.
    assert_eq!(urls(&zh("git 命令", &[]))[0], "/zh/git.html");
    assert_eq!(urls(&zh("git命令", &[]))[0], "/zh/git.html");
    // A run is a phrase of its bigrams: the same characters in another order are not it.
    assert!(urls(&zh("检索全文", &[])).is_empty());
    // The matched characters are marked as one stretch, by either engine.
    for answer in [
        zh("静态网站", &[]),
        search_json(&index, "静态网站", &["--language", "zh"]),
    ] {
        let snippet = answer["hits"][0]["snippet"].as_str().unwrap();
        assert!(snippet.contains("<mark>静态网站</mark>"), "{snippet}");
    }
    // A run the site lacks is not replaced by its "one-edit neighbours".
    let answer = zh("全文检查", &[]);
    assert!(urls(&answer).is_empty(), "{answer}");
    assert!(
        answer
            .get("replaced")
            .is_none_or(|r| r.as_array().unwrap().is_empty()),
        "{answer}"
    );
    // One character alone finds the words it begins, typed or not, in either engine.
    assert_eq!(urls(&zh("软", &["--typeahead"])), ["/zh/packages.html"]);
    assert_eq!(urls(&zh("软", &[])), ["/zh/packages.html"]);
    let splits = search_json(&index, "软", &["--language", "zh"]);
    assert_eq!(urls(&splits), ["/zh/packages.html"], "{splits}");
    assert_eq!(urls(&zh("备 恢", &[])), ["/zh/backup.html"]);

    // Korean, through the splits too.
    let ko = search_json(&index, "검색 엔진", &["--language", "ko"]);
    assert_eq!(urls(&ko)[0], "/ko/search.html", "{ko}");
}

#[test]
fn the_summary_says_the_script_told_the_language() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    write_site(&site);
    let output = common::rangefind(&["build", "--site", site.to_str().unwrap(), "--no-widget"]);
    let summary = common::succeeded(&output);
    assert!(
        summary.contains("5 page(s) have no <html lang>: indexed as zh (told by the script"),
        "{summary}"
    );
    assert!(!summary.contains("--language"), "{summary}");
}
