#pragma once
// Similarity between the rows of a position table (docs/encodings.md §6).
#include <optional>
#include <string_view>

#include "pelab/types.hpp"

namespace pelab {

enum class SimilarityMetric { dot, cosine, distance };
std::string_view to_string(SimilarityMetric metric);  // "dot", "cosine", "distance"
std::optional<SimilarityMetric> parse_similarity_metric(std::string_view name);

// S[p, q] = P_p . P_q, cos(P_p, P_q) (0 where a row is all zero), or |P_p - P_q| (Euclidean).
Matrix similarity_matrix(const Matrix& table, SimilarityMetric metric);
// S[p, q] between rows of two tables (same width): A_p against B_q.
Matrix cross_similarity(const Matrix& a, const Matrix& b, SimilarityMetric metric);

// Sinusoidal dot similarity as a function of the offset r = q - p, r = 0..max_offset, for even D:
// s(r) = sum_k cos(w_k r). (Symmetric: s(-r) = s(r).) Computed in O(max_offset * D/2).
Vector sinusoidal_similarity_by_offset(std::int64_t d, double base, std::int64_t max_offset);

// The sinusoidal table's N x N similarity without forming the table: for even D a Toeplitz matrix
// filled from s(r) (cosine = dot / (D/2); distance = sqrt(D - 2 s(r))). Odd D adds the lone last
// sine column's term sin(w p) sin(w q). Equal to similarity_matrix(sinusoidal_table(...)).
Matrix sinusoidal_similarity_closed_form(std::int64_t n, std::int64_t d, double base, std::int64_t start,
                                         SimilarityMetric metric);

}  // namespace pelab
