// The id and English pattern of every sentence core returns to the app, in one table so a
// translation can be checked against the full list (tests/app/test_slides.cpp).
#include "pelab/text.hpp"

#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <system_error>
#include <utility>

namespace pelab {
namespace {

struct Entry {
  TextId id;
  std::string_view key;
  std::string_view pattern;
};

constexpr auto kEntries = std::to_array<Entry>({
    {TextId::none, "", ""},
    {TextId::rotation_why_not_integer, "rotation.why_not.integer",
     "integer has no exact T(k): Pₚ₊ₖ = Pₚ + k is a shift, an affine map, and no linear map sends P₀ = 0 to "
     "k."},
    {TextId::rotation_why_not_normalized, "rotation.why_not.normalized",
     "normalized has no exact T(k): Pₚ₊ₖ = Pₚ + k/(N−1) is a shift, an affine map, and no linear map sends "
     "P₀ = 0 to k/(N−1)."},
    {TextId::rotation_why_not_binary, "rotation.why_not.binary",
     "binary has no exact T(k): adding k carries between bits, so which bits flip depends on p and not on k "
     "alone (for k = 1, 0 → 1 flips one bit but 3 → 4 flips three)."},
    {TextId::rotation_why_not_sigmoid, "rotation.why_not.sigmoid",
     "sigmoid has no exact T(k): each column is a different nonlinear curve 1/(1 + exp(−p/tᵢ)) with no "
     "partner column, so no fixed matrix moves every row by k."},
    {TextId::rotation_why_not_learned, "rotation.why_not.learned",
     "learned has no exact T(k): its rows are drawn or loaded independently, so no rule links row p to row "
     "p + k."},
    {TextId::rotation_why_not_odd_d, "rotation.why_not.odd_d",
     "{0} with odd D has no exact T(k): the last sine column has no cosine partner, and sin(a + wk) = "
     "cos(wk) sin a + sin(wk) cos a needs the missing cos a."},
    {TextId::rotation_pairs_interleaved, "rotation.pairs.interleaved", "pairs (2k, 2k+1)"},
    {TextId::rotation_pairs_concat, "rotation.pairs.concat", "pairs (k, k + K), K = ⌊D/2⌋"},
    {TextId::rotation_pairs_concat_odd, "rotation.pairs.concat_odd",
     "pairs (k, k + K), K = ⌊D/2⌋; column D−1 is zero"},
    {TextId::rotation_pairs_none_n1, "rotation.pairs.none_n1", "no pairs: with N = 1 every entry is 0"},
    {TextId::spectrum_why_none_integer, "spectrum.why_none.integer",
     "integer has no periods: P[p, i] = p grows without bound and never repeats."},
    {TextId::spectrum_why_none_normalized, "spectrum.why_none.normalized",
     "normalized has no periods: P[p, i] = p/(N−1) rises in a straight line and never repeats."},
    {TextId::spectrum_why_none_sigmoid, "spectrum.why_none.sigmoid",
     "sigmoid has no periods: column i rises once, around p ≈ tᵢ, and then saturates at 1 instead of "
     "repeating."},
    {TextId::spectrum_why_none_learned, "spectrum.why_none.learned",
     "learned has no periods: its rows follow no rule, so nothing repeats along p."},
    {TextId::spectrum_why_none_concat_d1, "spectrum.why_none.concat_d1",
     "sinusoidal-concat with D = 1 has no bands: K = ⌊D/2⌋ = 0 and its one column is zero padding."},
    {TextId::spectrum_band_pair, "spectrum.band.pair", "pair k"},
    {TextId::spectrum_band_band, "spectrum.band.band", "band k"},
    {TextId::spectrum_band_bit, "spectrum.band.bit", "bit i"},
    {TextId::spectrum_rule_bit, "spectrum.rule.bit", "period of bit i = 2^(i+1)"},
    {TextId::requirement_name_1, "requirement.name.1", "length-independent"},
    {TextId::requirement_name_2, "requirement.name.2", "bounded"},
    {TextId::requirement_name_3, "requirement.name.3", "slow-growth"},
    {TextId::requirement_name_4, "requirement.name.4", "distance-like"},
    {TextId::requirement_name_5, "requirement.name.5", "distinct"},
    {TextId::requirement_measure_1, "requirement.measure.1",
     "max |P_N[p] - P_2N[p]|: change of a position's vector when the sequence doubles"},
    {TextId::requirement_measure_2, "requirement.measure.2",
     "max |P[p, i]|: largest value, compared with unit-scale token embeddings"},
    {TextId::requirement_measure_3, "requirement.measure.3",
     "|slope| of maxᵢ |P[p, i]| against p: how much the values grow per position step"},
    {TextId::requirement_measure_4, "requirement.measure.4",
     "std/mean of the neighbour steps |P_p+1 - P_p|: 0 when every step has the same length"},
    {TextId::requirement_measure_5, "requirement.measure.5",
     "min over p != q of |P_p - P_q|: the closest two positions"},
    {TextId::requirement_measure_5_sampled, "requirement.measure.5_sampled",
     "min |P_p - P_q| over neighbours and an even sample of {0} rows (N > {0})"},
    {TextId::requirement_not_finite, "requirement.not_finite",
     "fails: the table holds NaN or infinite values"},
    {TextId::requirement_not_measurable, "requirement.not_measurable",
     "not measurable: needs N ≥ {0} positions"},
    {TextId::requirement_pass_below, "requirement.pass_below", "passes: {0} ≤ {1}"},
    {TextId::requirement_pass_above, "requirement.pass_above", "passes: {0} > {1}"},
    {TextId::requirement_fail_1, "requirement.fail.1",
     "fails: a position's vector moves by {0} when N doubles (bound {1}), so a position means something "
     "else in a longer sequence"},
    {TextId::requirement_fail_2, "requirement.fail.2",
     "fails: values reach {0}, above the bound {1} that keeps them on the scale of token embeddings"},
    {TextId::requirement_fail_3, "requirement.fail.3",
     "fails: the largest value grows by {0} per position (bound {1})"},
    {TextId::requirement_fail_4, "requirement.fail.4",
     "fails: neighbour steps vary by {0} of their mean (bound {1}), so a difference of vectors is no measure "
     "of distance"},
    {TextId::requirement_fail_5, "requirement.fail.5",
     "fails: two positions are only {0} apart (bound {1}), practically the same vector"},
    {TextId::requirement_fail_other, "requirement.fail.other", "fails: {0} against the bound {1}"},
    {TextId::compare_differs, "compare.differs", "{0} differs: {1} vs {2}"},
    {TextId::file_not_found, "error.file.not_found", "{0}: cannot read: the file does not exist"},
    {TextId::file_cannot_read, "error.file.cannot_read", "{0}: cannot read: {1}"},
    {TextId::file_is_directory, "error.file.is_directory", "{0}: cannot read: it is a directory, not a file"},
    {TextId::file_not_regular, "error.file.not_regular", "{0}: cannot read: not a regular file"},
    {TextId::file_ended_early, "error.file.ended_early",
     "{0}: the file ended early; did it change while being read?"},
    {TextId::read_not_found, "error.read.not_found", "cannot read {0}: the file does not exist"},
    {TextId::read_failed, "error.read.failed", "cannot read {0}: {1}"},
    {TextId::read_is_directory, "error.read.is_directory", "cannot read {0}: it is a directory, not a file"},
    {TextId::read_too_large, "error.read.too_large",
     "cannot read {0}: it is larger than the {1}-byte limit for this kind of file"},
    {TextId::write_failed, "error.write.failed", "cannot write {0}: {1}"},
    {TextId::write_no_directory, "error.write.no_directory",
     "cannot write {0}: directory '{1}' does not exist"},
    {TextId::write_no_temporary, "error.write.no_temporary",
     "cannot write {0}: could not create a unique temporary file next to it"},
    {TextId::write_not_a_file, "error.write.not_a_file", "cannot write '{0}': the path does not name a file"},
    {TextId::write_is_directory, "error.write.is_directory", "cannot write {0}: it is a directory"},
    {TextId::table_unknown_type, "error.table.unknown_type",
     "{0}: not a table file pelab knows: the name does not end in .npy or .safetensors and the "
     "content is neither a .npy array nor a .safetensors checkpoint"},
    {TextId::table_not_finite, "error.table.not_finite",
     "{0}: the table holds NaN or infinite values (first at row {1}, column {2}); a position "
     "table must be finite"},
    {TextId::table_tensor_not_finite, "error.table.tensor_not_finite",
     "{0}: tensor {1} holds NaN or infinite values (first at row {2}, column {3}); a position "
     "table must be finite"},
    {TextId::table_file_too_large, "error.table.file_too_large",
     "{0}: the file is {1} bytes, above the limit of {2} bytes"},
    {TextId::table_npy_tensor, "error.table.npy_tensor",
     "{0}: a .npy file holds one unnamed array, so there is no tensor {1} to choose (tensor "
     "names apply to .safetensors files)"},
    {TextId::table_header_too_large, "error.table.header_too_large",
     "{0}: the .safetensors header is {1} bytes, above the limit of {2} bytes"},
    {TextId::table_no_tensor, "error.table.no_tensor",
     "{0}: has no tensor {1}; its table-shaped tensors (2-D, or [1, ..., 1, N, D]) are: {2}"},
    {TextId::table_tensor_too_large, "error.table.tensor_too_large",
     "{0}: tensor {1} is {2} bytes (plus a {3}-byte header), above the limit of {4} bytes"},
    {TextId::table_ambiguous, "error.table.ambiguous",
     "{0}: {1} tensors could be the position table ({2}); name the one to use"},
    {TextId::table_no_2d_tensor, "error.table.no_2d_tensor",
     "{0}: has no tensor that could be a position table ({1} tensors, none 2-D or [1, ..., 1, "
     "N, D])"},
    {TextId::table_no_2d_tensor_one, "error.table.no_2d_tensor_one",
     "{0}: has no tensor that could be a position table ({1} tensor, none 2-D or [1, ..., 1, "
     "N, D])"},
    {TextId::table_which_tensor, "error.table.which_tensor",
     "{0}: cannot tell which tensor is the position table (no usual name such as 'wpe.weight' "
     "or 'embeddings.position_embeddings.weight'); name one of its table-shaped tensors (2-D, or [1, ..., 1, "
     "N, D]): {1}"},
    {TextId::tensor_list_none, "error.tensor_list.none", "none"},
    {TextId::tensor_list_more, "error.tensor_list.more", "{0} and {1} more"},
    {TextId::hf_bad_name, "error.hf.bad_name",
     "{0}: not a model name: write hf:ORG/NAME or hf:ORG/NAME@REVISION (letters, digits, '-', '_' and '.')"},
    {TextId::hf_no_cache, "error.hf.no_cache",
     "{0}: cannot find the Hugging Face cache: none of HF_HUB_CACHE, HF_HOME or HOME is set"},
    {TextId::hf_not_cached, "error.hf.not_cached",
     "{0}: not in the local Hugging Face cache (no {1}); pelab never downloads, fetch it with: {2}"},
    {TextId::hf_no_revision, "error.hf.no_revision",
     "{0}: revision '{1}' is not in the cache (no {2} and no snapshot of that name); fetch it with: {3}"},
    {TextId::hf_bad_ref, "error.hf.bad_ref", "{0}: {1} does not hold a commit hash (40 hexadecimal digits)"},
    {TextId::hf_no_snapshot, "error.hf.no_snapshot",
     "{0}: {1} names commit {2}, but {3} is missing; fetch it again with: {4}"},
    {TextId::hf_file_missing, "error.hf.file_missing",
     "{0}: the cached snapshot {1} has no {2}; fetch it with: {3}"},
    {TextId::hf_no_checkpoint, "error.hf.no_checkpoint",
     "{0}: the cached snapshot {1} has neither model.safetensors nor model.safetensors.index.json; fetch it "
     "with: {2}"},
    {TextId::hf_index_invalid, "error.hf.index_invalid", "{0}: {1} is not a JSON object"},
    {TextId::hf_index_no_map, "error.hf.index_no_map",
     "{0}: {1} has no \"weight_map\" object of tensor names and file names"},
    {TextId::hf_index_bad_file, "error.hf.index_bad_file",
     "{0}: {1} maps tensor {2} to {3}, which is not the name of a file beside it"},
    {TextId::hf_no_tensor, "error.hf.no_tensor", "{0}: {1} has no tensor {2}"},
    {TextId::hf_config_invalid, "error.hf.config_invalid", "{0}: {1} is not a JSON object"},
    {TextId::hf_config_field, "error.hf.config_field", "{0}: {1}: \"{2}\" must be an integer of at least 0"},
    {TextId::hf_config_missing, "error.hf.config_missing", "{0}: {1} has no \"{2}\""},
    {TextId::hf_alibi, "error.hf.alibi",
     "{0}: a {1} model has no position table: it adds ALiBi's linear biases to its attention scores, {2} "
     "heads (pelab-cli alibi --heads {2} computes them)"},
    {TextId::hf_rotary, "error.hf.rotary",
     "{0}: a {1} model has no position table: it rotates queries and keys (RoPE); read its config.json with "
     "--config {0}"},
    {TextId::hf_unknown_type, "error.hf.unknown_type",
     "{0}: pelab does not know where a '{1}' model keeps its position table (it knows {2}); name the tensor"},
    {TextId::hf_no_usual_tensor, "error.hf.no_usual_tensor",
     "{0}: a {1} model keeps its position table as {2}, but {3} has none of them; name the tensor"},
    {TextId::hf_offset_rows, "error.hf.offset_rows",
     "{0}: {1} has {2} rows, none after the {3} rows kept in front of position 0"},
    {TextId::npy_encode_negative, "error.npy.encode_negative",
     "cannot encode .npy: shape {0} has a negative dimension"},
    {TextId::npy_encode_mismatch, "error.npy.encode_mismatch",
     "cannot encode .npy: shape {0} does not match the {1} values given"},
    {TextId::npy_encode_too_long, "error.npy.encode_too_long", "cannot encode .npy: shape {0} is too long"},
    {TextId::npy_malformed_header, "error.npy.malformed_header",
     "{0}: malformed .npy header: {2} (at header byte {1})"},
    {TextId::npy_header_expected_open_dict, "error.npy.header.expected_open_dict",
     "expected '{' at the start of the header dict"},
    {TextId::npy_header_expected_colon, "error.npy.header.expected_colon", "expected ':' after a header key"},
    {TextId::npy_header_expected_close_dict, "error.npy.header.expected_close_dict",
     "expected '}' after a header value"},
    {TextId::npy_header_expected_open_shape, "error.npy.header.expected_open_shape",
     "expected '(' to open the 'shape' tuple"},
    {TextId::npy_header_key_not_string, "error.npy.header.key_not_string",
     "expected a quoted string for a header key"},
    {TextId::npy_header_descr_not_string, "error.npy.header.descr_not_string",
     "expected a quoted string for 'descr'"},
    {TextId::npy_header_key_bad_character, "error.npy.header.key_bad_character",
     "unexpected character in a header key"},
    {TextId::npy_header_descr_bad_character, "error.npy.header.descr_bad_character",
     "unexpected character in 'descr'"},
    {TextId::npy_header_key_unterminated, "error.npy.header.key_unterminated",
     "unterminated string for a header key"},
    {TextId::npy_header_descr_unterminated, "error.npy.header.descr_unterminated",
     "unterminated string for 'descr'"},
    {TextId::npy_header_fortran_order, "error.npy.header.fortran_order",
     "'fortran_order' must be True or False"},
    {TextId::npy_header_dimension_too_large, "error.npy.header.dimension_too_large",
     "a dimension in 'shape' is too large"},
    {TextId::npy_header_shape_not_integers, "error.npy.header.shape_not_integers",
     "'shape' must be a tuple of integers"},
    {TextId::npy_header_too_many_dimensions, "error.npy.header.too_many_dimensions",
     "'shape' has more than {0} dimensions"},
    {TextId::npy_header_shape_not_tuple, "error.npy.header.shape_not_tuple",
     "'shape' (n) is not a tuple; a 1-D shape is written (n,)"},
    {TextId::npy_header_shape_separator, "error.npy.header.shape_separator",
     "expected ',' or ')' in 'shape'"},
    {TextId::npy_header_duplicate_key, "error.npy.header.duplicate_key", "duplicate key '{0}'"},
    {TextId::npy_header_unexpected_key, "error.npy.header.unexpected_key", "unexpected key '{0}'"},
    {TextId::npy_header_trailing_text, "error.npy.header.trailing_text",
     "unexpected text after the header dict"},
    {TextId::npy_header_missing_key, "error.npy.header.missing_key", "the header has no '{0}' key"},
    {TextId::npy_negative_dimension, "error.npy.negative_dimension",
     "{0}: invalid .npy shape: negative dimension -{1}"},
    {TextId::npy_unsupported_dtype, "error.npy.unsupported_dtype",
     "{0}: unsupported dtype '{1}' ({2}); pelab reads little-endian float16, bfloat16, float32, float64, "
     "int32 or int64"},
    {TextId::npy_structured_dtype, "error.npy.structured_dtype",
     "{0}: unsupported dtype (a structured array with named fields); pelab reads little-endian "
     "float32, float64, int32 or int64"},
    {TextId::npy_dtype_no_type_code, "error.npy.dtype.no_type_code", "no type code"},
    {TextId::npy_dtype_not_plain, "error.npy.dtype.not_plain", "not a plain numeric type"},
    {TextId::npy_dtype_big_endian, "error.npy.dtype.big_endian", "big-endian"},
    {TextId::npy_dtype_no_byte_order, "error.npy.dtype.no_byte_order",
     "'|' means no byte order, which NumPy only uses for 1-byte types"},
    {TextId::npy_dtype_native_big_endian, "error.npy.dtype.native_big_endian", "native big-endian"},
    {TextId::npy_kind_float, "error.npy.kind.float", "{0}-bit float"},
    {TextId::npy_kind_integer, "error.npy.kind.integer", "{0}-bit integer"},
    {TextId::npy_kind_unsigned, "error.npy.kind.unsigned", "unsigned integer"},
    {TextId::npy_kind_complex, "error.npy.kind.complex", "complex"},
    {TextId::npy_kind_bool, "error.npy.kind.bool", "bool"},
    {TextId::npy_kind_objects, "error.npy.kind.objects", "Python objects"},
    {TextId::npy_kind_bytes, "error.npy.kind.bytes", "byte strings"},
    {TextId::npy_kind_unicode, "error.npy.kind.unicode", "unicode strings"},
    {TextId::npy_kind_raw, "error.npy.kind.raw", "raw bytes"},
    {TextId::npy_kind_raw_two, "error.npy.kind.raw_two",
     "raw 2-byte values, as numpy.save writes ml_dtypes' bfloat16 with its type lost; write the header "
     "with descr 'bfloat16', or save as float32 or .safetensors"},
    {TextId::npy_kind_datetime, "error.npy.kind.datetime", "datetime"},
    {TextId::npy_kind_timedelta, "error.npy.kind.timedelta", "timedelta"},
    {TextId::npy_kind_unknown, "error.npy.kind.unknown", "unknown kind"},
    {TextId::npy_truncated, "error.npy.truncated", "{0}: truncated .npy file ({1} bytes)"},
    {TextId::npy_not_npy, "error.npy.not_npy",
     "{0}: not a .npy file (it does not start with the \\x93NUMPY magic bytes)"},
    {TextId::npy_truncated_no_version, "error.npy.truncated_no_version",
     "{0}: truncated .npy file (no format version)"},
    {TextId::npy_version, "error.npy.version",
     "{0}: unsupported .npy format version {1}.{2}; pelab reads versions 1.0, 2.0 and 3.0"},
    {TextId::npy_truncated_no_length, "error.npy.truncated_no_length",
     "{0}: truncated .npy file (no header length)"},
    {TextId::npy_header_past_end, "error.npy.header_past_end",
     "{0}: .npy header length {1} runs past the end of the file ({2} bytes); the file is "
     "truncated or corrupt"},
    {TextId::npy_shape_too_large, "error.npy.shape_too_large", "{0}: .npy shape {1} is too large to be real"},
    {TextId::npy_data_truncated, "error.npy.data_truncated",
     "{0}: .npy data is truncated: shape {1} needs {2} bytes but the file has {3}"},
    {TextId::npy_trailing_bytes, "error.npy.trailing_bytes",
     "{0}: .npy file has {1} unexpected bytes after the data of shape {2}"},
    {TextId::npy_not_2d, "error.npy.not_2d",
     "{0}: has {1} dimensions (shape {2}) but a 2-D table positions x dims is needed, e.g. "
     "shape (512, 768)"},
    {TextId::npy_not_2d_one, "error.npy.not_2d_one",
     "{0}: has {1} dimension (shape {2}) but a 2-D table positions x dims is needed, e.g. "
     "shape (512, 768)"},
    {TextId::npy_empty_table, "error.npy.empty_table",
     "{0}: the table is empty (shape {1}); at least one position and one dimension are needed"},
    {TextId::npy_count_mismatch, "error.npy.count_mismatch",
     "{0}: holds {1} values, which does not match its shape {2}"},
    {TextId::npy_write_dtype, "error.npy.write_dtype",
     "cannot write {0}: a real-valued matrix is saved as float64 or float32, not {1}"},
    {TextId::st_malformed, "error.safetensors.malformed", "{0}: malformed .safetensors header: {1}"},
    {TextId::st_shape_not_array, "error.safetensors.shape_not_array",
     "tensor {0}: 'shape' must be an array, not {1}"},
    {TextId::st_shape_not_unsigned, "error.safetensors.shape_not_unsigned",
     "tensor {0}: 'shape' must hold non-negative integers, not {1}"},
    {TextId::st_dimension_too_large, "error.safetensors.dimension_too_large",
     "tensor {0}: a dimension in 'shape' is too large ({1})"},
    {TextId::st_entry_not_object, "error.safetensors.entry_not_object",
     "tensor {0}: must be an object with dtype, shape and data_offsets, not {1}"},
    {TextId::st_unexpected_field, "error.safetensors.unexpected_field",
     "tensor {0}: unexpected field {1} (an entry has dtype, shape and data_offsets)"},
    {TextId::st_missing_field, "error.safetensors.missing_field", "tensor {0}: the field '{1}' is missing"},
    {TextId::st_dtype_not_string, "error.safetensors.dtype_not_string",
     "tensor {0}: 'dtype' must be a string, not {1}"},
    {TextId::st_unknown_dtype, "error.safetensors.unknown_dtype",
     "tensor {0}: unknown dtype {1} (known: F64, F32, F16, BF16, I64, I32, I16, I8, U64, U32, "
     "U16, U8, BOOL, F8_*, ...)"},
    {TextId::st_offsets_not_pair, "error.safetensors.offsets_not_pair",
     "tensor {0}: 'data_offsets' must be [begin, end], two non-negative integers"},
    {TextId::st_offsets_reversed, "error.safetensors.offsets_reversed",
     "tensor {0}: 'data_offsets' [{1}, {2}] ends before it begins"},
    {TextId::st_offsets_past_end, "error.safetensors.offsets_past_end",
     "tensor {0}: 'data_offsets' [{1}, {2}] run past the end of the data ({3} bytes); the file "
     "is truncated or corrupt"},
    {TextId::st_shape_too_large, "error.safetensors.shape_too_large",
     "tensor {0}: shape {1} of {2} is too large or does not fill whole bytes"},
    {TextId::st_shape_size_mismatch, "error.safetensors.shape_size_mismatch",
     "tensor {0}: shape {1} of {2} needs {3} bytes but 'data_offsets' [{4}, {5}] hold {6}"},
    {TextId::st_overlap, "error.safetensors.overlap",
     "tensor {0}: its bytes [{1}, {2}) overlap those of tensor {3}"},
    {TextId::st_gap, "error.safetensors.gap", "{0} data bytes before tensor {1} belong to no tensor"},
    {TextId::st_tail, "error.safetensors.tail",
     "the last {0} bytes of the file belong to no tensor; the file is corrupt"},
    {TextId::st_json_near, "error.safetensors.json_near",
     "the JSON is not well-formed (near header byte {0})"},
    {TextId::st_json, "error.safetensors.json", "the JSON is not well-formed"},
    {TextId::st_duplicate_key, "error.safetensors.duplicate_key", "the key {0} appears twice"},
    {TextId::st_not_brace, "error.safetensors.not_brace",
     "the header must be a JSON object starting with '{'"},
    {TextId::st_not_object, "error.safetensors.not_object", "the header must be a JSON object, not {0}"},
    {TextId::st_metadata_not_object, "error.safetensors.metadata_not_object",
     "'__metadata__' must be an object of strings, not {0}"},
    {TextId::st_metadata_value, "error.safetensors.metadata_value",
     "'__metadata__' value of {0} must be a string, not {1}"},
    {TextId::json_integer, "error.json.integer", "an integer"},
    {TextId::json_negative_integer, "error.json.negative_integer", "a negative integer"},
    {TextId::json_float, "error.json.float", "a number written with a decimal point or exponent"},
    {TextId::json_type, "error.json.type", "a JSON {0}"},
    {TextId::st_truncated, "error.safetensors.truncated",
     "{0}: truncated .safetensors file ({1} bytes; it must start with an 8-byte header length)"},
    {TextId::st_length_past_end, "error.safetensors.length_past_end",
     "{0}: .safetensors header length {1} runs past the end of the file ({2} bytes); the file "
     "is truncated or not a .safetensors file"},
    {TextId::st_length_limit, "error.safetensors.length_limit",
     "{0}: .safetensors header length {1} is above the {2}-byte limit; the file is corrupt"},
    {TextId::st_tensor_dtype, "error.safetensors.tensor_dtype",
     "{0}: tensor {1} has dtype {2}; a position table must be F32, F16, BF16 or F64"},
    {TextId::st_tensor_shape, "error.safetensors.tensor_shape",
     "{0}: tensor {1} has shape {2} ({3}-D) but a 2-D table positions x dims is needed, e.g. "
     "[1024, 768] (or [1, 1024, 768])"},
    {TextId::st_tensor_empty, "error.safetensors.tensor_empty",
     "{0}: tensor {1} is empty (shape {2}); at least one position and one dimension are needed"},
    {TextId::st_tensor_bytes, "error.safetensors.tensor_bytes",
     "{0}: tensor {1}: got {2} data bytes, which do not match shape {3} of {4}"},
    {TextId::st_encode_dtype, "error.safetensors.encode_dtype",
     "cannot encode .safetensors: dtype {0} (pelab writes F32 or F64)"},
    {TextId::st_encode_name, "error.safetensors.encode_name",
     "cannot encode .safetensors: {0} is not a usable tensor name"},
    {TextId::st_encode_twice, "error.safetensors.encode_twice",
     "cannot encode .safetensors: the tensor name {0} is used twice"},
    {TextId::st_encode_utf8, "error.safetensors.encode_utf8",
     "cannot encode .safetensors: a tensor name is not valid UTF-8"},
    {TextId::png_bad_size, "error.png.bad_size", "cannot encode a PNG of {0} x {1} pixels"},
    {TextId::png_too_large, "error.png.too_large",
     "cannot encode a PNG of {0} x {1} pixels: too large for the PNG encoder; export .npy "
     "instead"},
    {TextId::png_byte_count, "error.png.byte_count",
     "cannot encode a PNG: {0} bytes given for {1} x {2} RGB pixels"},
    {TextId::png_encoding_failed, "error.png.encoding_failed", "PNG encoding failed (out of memory?)"},
    {TextId::png_empty_matrix, "error.png.empty_matrix", "cannot write {0}: the matrix is empty"},
    {TextId::png_matrix_too_large, "error.png.matrix_too_large",
     "cannot write {0}: the matrix is too large for a PNG; export .npy instead"},
    {TextId::config_error, "error.config.error", "{0}: {1}"},
    {TextId::config_rope_theta, "error.config.rope_theta", "{0}: rope_theta: {1}"},
    {TextId::config_block_invalid, "error.config.block_invalid", "{0}: {1} ({2}): {3}"},
    {TextId::config_not_json_near, "error.config.not_json_near", "not valid JSON (error near byte {0})"},
    {TextId::config_not_json, "error.config.not_json", "not valid JSON"},
    {TextId::config_duplicate_key, "error.config.duplicate_key", "the key \"{0}\" appears twice"},
    {TextId::config_not_object, "error.config.not_object", "a config.json must be a JSON object (got {0})"},
    {TextId::config_not_number, "error.config.not_number", "{0} must be a number (got {1})"},
    {TextId::config_not_finite, "error.config.not_finite", "{0} must be finite (got {1})"},
    {TextId::config_not_positive, "error.config.not_positive", "{0} must be above 0 (got {1})"},
    {TextId::config_integer_range, "error.config.integer_range",
     "{0} must be an integer from 1 to 2^53 (got {1})"},
    {TextId::config_at_least_1, "error.config.at_least_1", "{0} must be at least 1 (got {1})"},
    {TextId::config_not_positive_integer, "error.config.not_positive_integer",
     "{0} must be a positive integer (got {1})"},
    {TextId::config_not_boolean, "error.config.not_boolean", "{0} must be true or false (got {1})"},
    {TextId::config_not_string, "error.config.not_string", "{0} must be a string (got {1})"},
    {TextId::config_not_list, "error.config.not_list", "{0} must be a list of numbers (got {1})"},
    {TextId::config_empty_list, "error.config.empty_list", "{0} must not be empty"},
    {TextId::config_contradict, "error.config.contradict", "{0} ({1}) and {2} ({3}) contradict each other"},
    {TextId::config_text_config, "error.config.text_config",
     "the RoPE fields are inside text_config (a multimodal config); pass the language model's "
     "config, e.g. text_config on its own"},
    {TextId::config_needs_head_dim_all, "error.config.needs_head_dim_all",
     "needs head_dim, or hidden_size and num_attention_heads (missing all three)"},
    {TextId::config_needs_head_dim, "error.config.needs_head_dim",
     "needs head_dim, or hidden_size and num_attention_heads (missing {0})"},
    {TextId::config_not_multiple, "error.config.not_multiple",
     "hidden_size {0} is not a multiple of num_attention_heads {1}; set head_dim"},
    {TextId::config_both_blocks, "error.config.both_blocks",
     "rope_scaling and rope_parameters are both set; a config has one or the other"},
    {TextId::config_block_not_object, "error.config.block_not_object",
     "{0} must be an object or null (got {1})"},
    {TextId::config_per_layer, "error.config.per_layer",
     "rope_parameters.{0} is an object: per-layer RoPE parameters (layer_types) are not "
     "supported"},
    {TextId::config_prf_above_1, "error.config.prf_above_1",
     "partial_rotary_factor must be at most 1 (got {0})"},
    {TextId::config_types_contradict, "error.config.types_contradict",
     "{0} \"{1}\" and {2} \"{3}\" contradict each other"},
    {TextId::config_unknown_type, "error.config.unknown_type",
     "{0} \"{1}\" is not a supported rope type ({2})"},
    {TextId::scaling_needs, "error.scaling_needs", "{0} scaling needs {1}"},
    {TextId::config_scaling_needs_original, "error.config.scaling_needs_original",
     "{0} scaling needs {1} or max_position_embeddings"},
    {TextId::config_dynamic_needs_max, "error.config.dynamic_needs_max",
     "dynamic scaling needs max_position_embeddings (its original context)"},
    {TextId::config_no_rope, "error.config.no_rope",
     "model_type \"{0}\" does not use RoPE (its positions are learned or a bias)"},
    {TextId::config_alibi, "error.config.alibi",
     "alibi is true: this model adds ALiBi biases and does not use RoPE"},
    {TextId::config_two_ropes, "error.config.two_ropes",
     "the model has two RoPEs, {0}; choose one of {1} (pelab-cli: --layers NAME)"},
    {TextId::config_unknown_layers, "error.config.unknown_layers",
     "layers \"{0}\" is not one of this model's RoPEs ({1})"},
    {TextId::config_mrope_section, "error.config.mrope_section",
     "{0} sums to {1} but M-RoPE splits the {2} frequencies (D/2) between its sections"},
    {TextId::list_and, "error.list.and", "{0} and {1}"},
    {TextId::rope_not_positive, "error.rope.not_positive", "{0} must be a finite number above 0 (got {1})"},
    {TextId::rope_at_least, "error.rope.at_least", "{0} must be at least {1} (got {2})"},
    {TextId::rope_out_of_range, "error.rope.out_of_range", "{0} must be within {1} .. {2} (got {3})"},
    {TextId::rope_list_length, "error.rope.list_length",
     "{0} has {1} values but {2} are needed (one per rotated pair, D/2)"},
    {TextId::rope_list_value, "error.rope.list_value", "{0}[{1}] must be a finite number above 0 (got {2})"},
    {TextId::rope_odd_dims, "error.rope.odd_dims",
     "RoPE needs an even number of rotated dimensions, at least 2 (got {0})"},
    {TextId::rope_param_not_apply, "error.rope.param_not_apply", "{1} does not apply to {0} scaling"},
    {TextId::rope_params_not_apply, "error.rope.params_not_apply", "{1} do not apply to {0} scaling"},
    {TextId::rope_factor_or_max, "error.rope.factor_or_max", "factor or max_positions"},
    {TextId::rope_mscale_needs_all_dim, "error.rope.mscale_needs_all_dim",
     "mscale needs mscale_all_dim: transformers uses their ratio only when both are set"},
    {TextId::rope_all_dim_needs_mscale, "error.rope.all_dim_needs_mscale",
     "mscale_all_dim needs mscale: transformers uses their ratio only when both are set"},
    {TextId::rope_attention_factor_contradicts, "error.rope.attention_factor_contradicts",
     "attention_factor contradicts mscale and mscale_all_dim: transformers uses "
     "attention_factor and ignores the mscales; give one or the other"},
    {TextId::rope_high_below_low, "error.rope.high_below_low",
     "high_freq_factor ({0}) must be above low_freq_factor ({1}): the blended band lies "
     "between them"},
    {TextId::rope_yarn_base, "error.rope.yarn_base",
     "yarn scaling needs base above 1 (got {0}): its correction range divides by ln(base)"},
    {TextId::rope_longrope_original, "error.rope.longrope_original",
     "longrope scaling needs original_max 2 or more for its default attention factor sqrt(1 + "
     "ln S / ln L) (got 1); set attention_factor"},
    {TextId::rope_head_dim, "error.rope.head_dim", "head_dim must be at least 1 (got {0})"},
    {TextId::rope_prf_range, "error.rope.prf_range",
     "partial_rotary_factor must be above 0 and at most 1 (got {0})"},
    {TextId::rope_rotated_odd, "error.rope.rotated_odd",
     "RoPE rotates int(head_dim x partial_rotary_factor) = int({0} x {1}) = {2} dimensions; "
     "that must be even and at least 2"},
    {TextId::rope_ntk_base, "error.rope.ntk_base",
     "the NTK-scaled base {0} x {1}^(D/(D-2)) is not a finite positive number; use a smaller "
     "factor"},
    {TextId::rope_needs_context, "error.rope.needs_context",
     "the per-pair view of {0} scaling needs a context length L (the training context): none "
     "was given"},
    {TextId::rope_context_at_least_1, "error.rope.context_at_least_1",
     "the context length must be at least 1 (got {0})"},
    {TextId::rope_no_frequency, "error.rope.no_frequency",
     "RoPE needs at least one inverse frequency (one rotated pair)"},
    {TextId::rope_too_few_columns, "error.rope.too_few_columns",
     "RoPE with {0} frequencies rotates {1} columns but the matrix has {2}"},
    {TextId::rope_frequencies_not_finite, "error.rope.frequencies_not_finite",
     "RoPE inverse frequencies must be finite"},
    {TextId::rope_attention_not_finite, "error.rope.attention_not_finite",
     "the attention factor must be finite"},
    {TextId::rope_start_negative, "error.rope.start_negative", "start position must be 0 or more (got {0})"},
    {TextId::session_not_object, "session.not_object", "must be a JSON object"},
    {TextId::session_unknown_key, "session.unknown_key", "unknown key"},
    {TextId::session_not_integer, "session.not_integer", "must be an integer"},
    {TextId::session_out_of_range, "session.out_of_range", "must be in {0}"},
    {TextId::session_not_number, "session.not_number", "must be a number"},
    {TextId::session_not_boolean, "session.not_boolean", "must be true or false"},
    {TextId::session_not_name, "session.not_name", "must be a string, one of {0}"},
    {TextId::session_unknown_value, "session.unknown_value", "unknown value \"{0}\" (one of {1})"},
    {TextId::session_not_string, "session.not_string", "must be a string"},
    {TextId::session_too_long, "session.too_long", "is longer than {0} bytes"},
    {TextId::session_range_reversed, "session.range_reversed", "must be larger than range_min"},
    {TextId::session_table_not_learned, "session.table_not_learned", "applies only to kind {0}"},
    {TextId::session_tensor_without_table, "session.tensor_without_table", "needs a table"},
    {TextId::session_difference_pair, "session.difference_pair",
     "must be two configuration indices [A, B], each 0..{0}"},
    {TextId::session_number_list, "session.number_list", "must be an array of 1 to {0} numbers"},
    {TextId::session_list_integers, "session.list_integers", "every entry must be an integer in {0}"},
    {TextId::session_list_numbers, "session.list_numbers", "every entry must be a number in {0}"},
    {TextId::session_attention_order, "session.attention_order", "must be a permutation of 0..{0}"},
    {TextId::session_views_list, "session.views_list", "must be a non-empty array of view names ({0})"},
    {TextId::session_unknown_view, "session.unknown_view", "unknown view {0} (one of {1})"},
    {TextId::session_maximized, "session.maximized", "must be null or one of {0}"},
    {TextId::session_version, "session.version", "unsupported format version (this pelab reads 1 to {0})"},
    {TextId::session_not_session, "session.not_session", "missing: not a pelab session file"},
    {TextId::session_configs, "session.configs", "must be an array of 1 to {0} configurations"},
    {TextId::session_not_json, "session.not_json", "not valid JSON: {0}"},
    {TextId::lesson_step, "lesson.step", "step {0}"},
    {TextId::lesson_missing, "lesson.missing", "missing"},
    {TextId::lesson_empty, "lesson.empty", "is empty"},
    {TextId::lesson_too_long, "lesson.too_long",
     "is {0} bytes, longer than {1} (a step is a few short sentences; split it into two steps)"},
    {TextId::lesson_tex, "lesson.tex",
     "contains TeX (\"{0}\"): write maths with plain UTF-8 characters, e.g. Pₚ₊ₖ, 2π, w·k"},
    {TextId::lesson_no_hangul, "lesson.no_hangul", "has no Hangul: is it the Korean text?"},
    {TextId::lesson_hangul_in_english, "lesson.hangul_in_english",
     "contains Hangul: is it the English text?"},
    {TextId::lesson_hangul_in_formula, "lesson.hangul_in_formula",
     "contains Hangul: a formula is shown in both languages, so words go in the texts"},
    {TextId::lesson_unknown_key, "lesson.unknown_key", "unknown key (known: {0})"},
    {TextId::lesson_ui_not_allowed, "lesson.ui_not_allowed",
     "not allowed in a lesson (font size and theme belong to whoever presents it)"},
    {TextId::lesson_index_outside, "lesson.index_outside", "{0} is outside this step's {1}..{2}"},
    {TextId::lesson_control_kind_only, "lesson.control_kind_only",
     "control \"{0}\" is shown only for kind {1} (the active configuration is {2})"},
    {TextId::lesson_control_seeded_only, "lesson.control_seeded_only",
     "control \"{0}\" is shown only for a seeded learned table (no \"table\")"},
    {TextId::lesson_control_two_configs, "lesson.control_two_configs",
     "control \"{0}\" is shown only with two or more configurations"},
    {TextId::lesson_highlight_not_object, "lesson.highlight_not_object",
     "must be an object {\"kind\": ..., \"target\": ...}"},
    {TextId::lesson_highlight_kind_missing, "lesson.highlight_kind_missing",
     "missing (control, view, cell or curve)"},
    {TextId::lesson_highlight_kind_unknown, "lesson.highlight_kind_unknown",
     "unknown kind {0} (control, view, cell or curve)"},
    {TextId::lesson_unknown_control, "lesson.unknown_control", "unknown control {0} (one of {1})"},
    {TextId::lesson_view_not_shown, "lesson.view_not_shown",
     "view \"{0}\" is not shown in this step (shown: {1})"},
    {TextId::lesson_cell_target, "lesson.cell_target",
     "must be {\"p\": POSITION, \"i\": DIMENSION} (optionally \"config\": INDEX)"},
    {TextId::lesson_curve_target, "lesson.curve_target",
     "must be {\"i\": DIMENSION} (optionally \"config\": INDEX)"},
    {TextId::lesson_cell_view_not_shown, "lesson.cell_view_not_shown",
     "a cell is marked in the heatmap view, which is not shown in this step (shown: {0})"},
    {TextId::lesson_curve_view_not_shown, "lesson.curve_view_not_shown",
     "a curve is marked in the curves view, which is not shown in this step (shown: {0})"},
    {TextId::lesson_pair_missing, "lesson.pair_missing", "missing ({0} is given)"},
    {TextId::lesson_step_session_not_object, "lesson.step_session_not_object",
     "must be a JSON object (a partial session, merged over the lesson's)"},
    {TextId::lesson_file_not_object, "lesson.file_not_object",
     "must be a JSON object with pelab_lesson, title_en, title_ko and steps"},
    {TextId::lesson_not_lesson, "lesson.not_lesson",
     "missing: not a pelab lesson file (add \"pelab_lesson\": 1)"},
    {TextId::lesson_version, "lesson.version", "unsupported format version {0} (this pelab reads {1})"},
    {TextId::lesson_session_not_object, "lesson.session_not_object",
     "must be a JSON object (the session every step starts from)"},
    {TextId::lesson_steps, "lesson.steps", "must be an array of 1 to {0} steps"},
    {TextId::lesson_step_not_object, "lesson.step_not_object",
     "must be a JSON object with text_en and text_ko"},
    {TextId::lesson_no_such_file, "lesson.no_such_file", "no such file: {0}"},
    {TextId::lesson_list_not_lesson, "lesson.list_not_lesson",
     "not a lesson: needs title_en, title_ko and steps"},
    {TextId::lesson_maximised, "lesson.maximised", "{0} (maximised)"},
    {TextId::lesson_animate_not_object, "lesson.animate_not_object",
     "must be a JSON object with parameter, from, to and seconds (and fps, loop if wanted)"},
    {TextId::lesson_animate_seconds, "lesson.animate_seconds",
     "must be above 0 and at most {0} seconds (got {1})"},
    {TextId::lesson_animate_fps, "lesson.animate_fps",
     "must be a whole number of frames per second from 1 to 120 (got {0})"},
    {TextId::animation_syntax, "animation.syntax", "expected NAME=FROM:TO, e.g. k=0:32 or base=100:10000"},
    {TextId::animation_unknown_parameter, "animation.unknown_parameter",
     "unknown parameter '{0}' (p, k, i; a CONFIG key with a number: {1}; or a --set key VIEW.KEY such as "
     "rope.b.factor)"},
    {TextId::animation_not_number, "animation.not_number", "{0}: {1} is not a number"},
    {TextId::animation_same_ends, "animation.same_ends",
     "{0} starts and ends at {1}: nothing would move (give two different values)"},
    {TextId::animation_selection_outside, "animation.selection_outside",
     "{0} = {1} is outside {2}..{3} for {4} with N = {5}, D = {6}, start = {7}"},
    {TextId::animation_view_limits, "animation.view_limits",
     "{0} = {1} is outside what the views draw (N ≤ {2}, D ≤ {3}, start ≤ {4})"},
    {TextId::animation_refused, "animation.refused", "{0}"},
    {TextId::animation_fps, "animation.fps", "{0} must be 1 to 120 (got {1})"},
    {TextId::animation_seconds, "animation.seconds", "{0} must be above 0 (got {1})"},
    {TextId::animation_frames, "animation.frames", "{0} × {1} makes more than {2} frames"},
    {TextId::colormap_fixed_not_finite, "error.colormap.fixed_not_finite",
     "the fixed colour range must be finite numbers (got {0} to {1})"},
    {TextId::colormap_fixed_reversed, "error.colormap.fixed_reversed",
     "the fixed colour range is reversed: low {0} is above high {1}; swap the two values"},
    {TextId::encode_learned_columns, "error.encode.learned_columns",
     "the learned table has {0} columns but D = {1}; set --dims to the table's width"},
    {TextId::encode_learned_rows, "error.encode.learned_rows",
     "the learned table has {0} rows (positions 0..{1}) but position {2} was asked for; a learned encoding "
     "is undefined past its last row"},
    {TextId::encode_base, "error.encode.base",
     "base must be a finite number above 0 whose inverse is finite too (got {0})"},
    {TextId::encode_positions_at_least_1, "error.encode.positions_at_least_1",
     "positions N must be at least 1 (got {0})"},
    {TextId::encode_dims_at_least_1, "error.encode.dims_at_least_1", "dims D must be at least 1 (got {0})"},
    {TextId::encode_start_negative, "error.encode.start_negative",
     "start position must be 0 or more (got {0})"},
    {TextId::encode_start_exact, "error.encode.start_exact",
     "start + N must stay below 2^52 so positions are exact in double precision"},
    {TextId::encode_sigma, "error.encode.sigma", "sigma must be a finite number of 0 or more (got {0})"},
    {TextId::encode_position_negative, "error.encode.position_negative",
     "positions must be 0 or more (got {0})"},
    {TextId::encode_dimension_outside, "error.encode.dimension_outside", "dimension {0} is outside 0..{1}"},
    {TextId::similarity_widths, "error.similarity.widths",
     "cannot compare tables of different widths ({0} and {1} dims)"},
    {TextId::similarity_max_offset, "error.similarity.max_offset", "max offset must be 0 or more"},
    {TextId::similarity_positions, "error.similarity.positions", "positions N must be at least 1"},
    {TextId::compare_shapes, "error.compare.shapes",
     "cannot subtract a {0} matrix from a {1} matrix: the shapes differ"},
    {TextId::pca_components, "error.pca.components", "PCA projects to 1, 2 or 3 components (got {0})"},
    {TextId::pca_empty, "error.pca.empty", "PCA needs a non-empty table"},
    {TextId::pca_columns, "error.pca.columns", "the rows have {0} columns but the PCA was fitted on {1}"},
    {TextId::json_syntax, "session.json_syntax", "not valid JSON: line {0}, column {1} ({2})"},
    {TextId::os_no_such_file, "error.os.no_such_file", "No such file or directory"},
    {TextId::os_permission_denied, "error.os.permission_denied", "Permission denied"},
    {TextId::os_is_directory, "error.os.is_directory", "Is a directory"},
    {TextId::os_not_directory, "error.os.not_directory", "Not a directory"},
    {TextId::os_no_space, "error.os.no_space", "No space left on device"},
    {TextId::os_read_only, "error.os.read_only", "Read-only file system"},
    {TextId::os_too_many_links, "error.os.too_many_links", "Too many levels of symbolic links"},
    {TextId::os_name_too_long, "error.os.name_too_long", "File name too long"},
    {TextId::os_other, "error.os.other", "{0}"},
});

// The table is in enum order, so an id is its own index (checked at compile time).
constexpr bool in_enum_order() {
  for (std::size_t i = 0; i < kEntries.size(); ++i)
    if (static_cast<std::size_t>(kEntries[i].id) != i) return false;
  return true;
}
static_assert(in_enum_order(), "kEntries must list the TextIds in their declaration order");

constexpr auto kIds = [] {
  std::array<TextId, kEntries.size() - 1> ids{};
  for (std::size_t i = 1; i < kEntries.size(); ++i) ids[i - 1] = kEntries[i].id;
  return ids;
}();

const Entry& entry(TextId id) {
  const auto i = static_cast<std::size_t>(id);
  return i < kEntries.size() ? kEntries[i] : kEntries[0];
}

}  // namespace

std::string_view text_key(TextId id) { return entry(id).key; }
std::string_view text_pattern(TextId id) { return entry(id).pattern; }

std::string format_pattern(std::string_view pattern, std::span<const std::string_view> args) {
  std::string text;
  text.reserve(pattern.size());
  for (std::size_t at = 0; at < pattern.size();) {
    // {n} with a single digit: no pattern has ten arguments.
    if (pattern[at] == '{' && at + 2 < pattern.size() && pattern[at + 1] >= '0' && pattern[at + 1] <= '9' &&
        pattern[at + 2] == '}') {
      const auto n = static_cast<std::size_t>(pattern[at + 1] - '0');
      if (n < args.size()) {
        text += args[n];
        at += 3;
        continue;
      }
    }
    text += pattern[at++];
  }
  return text;
}

std::string format_pattern(std::string_view pattern, const std::vector<std::string>& args) {
  const std::vector<std::string_view> views(args.begin(), args.end());
  return format_pattern(pattern, std::span<const std::string_view>(views));
}

std::string format_text(const Text& text, const std::function<std::string_view(TextId)>& pattern) {
  if (text.parts.empty()) return format_pattern(pattern(text.id), text.args);
  std::vector<std::string> args = text.args;
  for (const Text& part : text.parts) args.push_back(format_text(part, pattern));
  return format_pattern(pattern(text.id), args);
}

std::string english(const Text& text) { return format_text(text, text_pattern); }

std::span<const TextId> all_text_ids() { return kIds; }

std::string number_text(double value) {
  char buffer[64];
  // Whole numbers as such ("500000", not the shorter "5e+05"); anything else in its shortest form.
  if (std::isfinite(value) && value == std::trunc(value) && std::abs(value) < 1e15)
    return std::string(buffer,
                       std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed).ptr);
  return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
}

Text os_error_text(int error_number) {
  switch (error_number) {
    case ENOENT:
      return Text{TextId::os_no_such_file};
    case EACCES:
    case EPERM:
      return Text{TextId::os_permission_denied};
    case EISDIR:
      return Text{TextId::os_is_directory};
    case ENOTDIR:
      return Text{TextId::os_not_directory};
    case ENOSPC:
      return Text{TextId::os_no_space};
    case EROFS:
      return Text{TextId::os_read_only};
    case ELOOP:
      return Text{TextId::os_too_many_links};
    case ENAMETOOLONG:
      return Text{TextId::os_name_too_long};
    default:
      return Text{TextId::os_other, {std::system_category().message(error_number)}};
  }
}

}  // namespace pelab
