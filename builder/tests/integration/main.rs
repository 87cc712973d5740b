//! The builder's integration tests, as one test binary: each module was its own binary,
//! and linking twenty binaries of tantivy, the engine and the CLI cost minutes of every run.

mod common;
mod s3_server;

mod aggregations_and_sorting_merge_across_splits;
mod append_adds_splits_to_an_index;
mod cjk_text_is_found_by_any_run_of_its_characters;
mod cli_behaves_as_documented;
mod exact_titles_rank_first;
mod faults_give_clear_errors;
mod formats_stay_readable;
mod gh_archive_queries_match_a_full_scan;
mod killed_builds_leave_nothing_behind;
mod mdn_sites_build;
mod one_analyser_cuts_text_alike;
mod publish_failures_keep_the_old_index_serving;
mod publish_to_object_storage;
mod queries_are_bounded_and_read_alike;
mod real_generators_land_on_the_section;
mod serve_honours_range_requests;
mod several_site_indexes_search_as_one;
mod several_split_indexes_search_as_one;
mod shards_merge_into_the_index_one_build_makes;
mod site_build_indexes_a_static_site;
mod site_file_answers_like_the_splits;
mod site_index_holds_its_widget_or_only_site_files;
mod split_filters_skip_splits_without_the_term;
mod splits_over_http_match_a_plain_tantivy_index;
mod time_ranges_skip_splits_outside_them;
mod time_sorted_queries_stop_early;
mod typos_are_searched_as_the_words_one_edit_away;
mod typos_whose_stem_is_a_word_are_corrected;
mod warm_queries_and_opens_cost_what_they_should;
