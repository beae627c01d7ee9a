#include "models/local_group.hpp"

#include <algorithm>
#include <cmath>

namespace tireplay::models::local_group {

int holder(int n_from, int a, int n_to, int b)
{
  if (n_from <= n_to)
    return b % n_from;
  int start = a / n_to * n_to;
  int z     = std::min(n_to, n_from - start);
  return start + b % z;
}

int blocks_carried(int n_from, int a, int h, const std::vector<int>& remote_sizes)
{
  int blocks = 1;  // a's block for h itself
  for (int n_to : remote_sizes)
    for (int b = 0; b < n_to; b++)
      blocks += holder(n_from, a, n_to, b) == h;
  return blocks;
}

std::vector<std::vector<std::pair<int, int>>> rounds(int k)
{
  std::vector<std::vector<std::pair<int, int>>> all;
  if (k < 2)
    return all;
  int n = k + k % 2;  // odd k: a dummy cluster n - 1, whose partner rests
  for (int r = 0; r < n - 1; r++) {
    std::vector<std::pair<int, int>> round;
    for (int i = 0; i < n / 2; i++) {
      int a = (r + i) % (n - 1);
      int b = i == 0 ? n - 1 : (r + n - 1 - i) % (n - 1);
      if (a < k && b < k)
        round.emplace_back(std::min(a, b), std::max(a, b));
    }
    std::sort(round.begin(), round.end());
    all.push_back(std::move(round));
  }
  return all;
}

double equation7(double t_c1, double t_c2, int n1, int n2, double m, double alpha_w, double beta_w)
{
  int steps = (n2 + n1 - 1) / n1;
  return std::max(t_c1, t_c2) + steps * (alpha_w + beta_w * m * n1);
}

} // namespace tireplay::models::local_group
