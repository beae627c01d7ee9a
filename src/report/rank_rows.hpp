// The rows of the pictures: a rank per row up to kMaxRows ranks, else consecutive groups of ranks of equal size.
#pragma once

#include <algorithm>
#include <string>

namespace tireplay {

struct RankRows {
  static constexpr int kMaxRows = 64;
  int ranks = 0;
  int group = 1;  // ranks per row
  int count = 0;  // rows

  explicit RankRows(int ranks_) : ranks(ranks_)
  {
    group = ranks <= kMaxRows ? 1 : (ranks + kMaxRows - 1) / kMaxRows;
    count = (ranks + group - 1) / group;
  }
  int row_of(int rank) const { return rank / group; }
  int first(int row) const { return row * group; }
  int last(int row) const { return std::min(ranks, (row + 1) * group) - 1; }  // inclusive
  std::string label(int row) const
  {
    return group == 1 ? std::to_string(row) : std::to_string(first(row)) + "-" + std::to_string(last(row));
  }
  /// Label every k-th row so that at most ~32 labels show.
  int label_step() const { return count <= 32 ? 1 : (count + 31) / 32; }
};

} // namespace tireplay
