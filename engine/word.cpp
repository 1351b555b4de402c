#include "word.hpp"

#include <charconv>

#include <cctype>

namespace blockcast {

std::string letter_name(Letter j) {
  if (j >= 0 && j < 26) return std::string(1, char('a' + j));
  std::string s(1, '{');  // appended piecewise: GCC 12 warns falsely on "{" + string
  s += std::to_string(j);
  s += '}';
  return s;
}

std::string letter_name_upper(Letter j) {
  if (j >= 0 && j < 26) return std::string(1, char('A' + j));
  return letter_name(j);
}

std::string word_string(const Word& w) {
  // Written in place: a conjecture run writes 2 GB of words, and a temporary string per
  // letter (letter_name) was a tenth of its CPU time.
  std::string s;
  s.reserve(w.size() + 8);
  char digits[16];
  for (Letter j : w) {
    if (j >= 0 && j < 26) {
      s += static_cast<char>('a' + j);
      continue;
    }
    const auto end = std::to_chars(digits, digits + sizeof digits, j).ptr;
    s += '{';
    s.append(digits, end);
    s += '}';
  }
  return s;
}

Word parse_word(const std::string& s) {
  Word w;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c >= 'a' && c <= 'z') {
      w.push_back(c - 'a');
    } else if (c == '{') {
      size_t close = s.find('}', i);
      std::string num = close == std::string::npos ? "" : s.substr(i + 1, close - i - 1);
      bool digits = !num.empty() && num.size() < 6;
      for (char d : num) digits = digits && std::isdigit(static_cast<unsigned char>(d));
      if (!digits) throw InputError("malformed letter '{...}' in word '" + s + "'");
      w.push_back(std::stoi(num));
      i = close;
    } else {
      throw InputError("unknown letter '" + std::string(1, c) + "' in word '" + s +
                       "' (letters are a..z or {N})");
    }
  }
  return w;
}

Letter parse_letter(const std::string& s) {
  Word w = parse_word(s);
  if (w.size() != 1) throw InputError("expected a single letter, got '" + s + "'");
  return w[0];
}

std::optional<std::string> word_violation(int r, i64 u, const Word& w) {
  if (r < 1) return "block size r must be >= 1, got " + std::to_string(r);
  if (static_cast<int>(w.size()) != r - 1)
    return "word '" + word_string(w) + "' has length " + std::to_string(w.size()) +
           ", block size " + std::to_string(r) + " needs " + std::to_string(r - 1);
  std::vector<int> owner(r, -1);  // phase that claimed each residue
  auto mod = [r](i64 v) { return static_cast<int>(floor_mod(v, r)); };
  owner[mod(u)] = 0;
  for (int k = 1; k < r; ++k) {
    if (w[k - 1] < 0) return "negative letter in word";
    int res = mod(static_cast<i64>(k) + w[k - 1]);
    if (owner[res] >= 0)
      return "word '" + word_string(w) + "' receives one item twice: phase " +
             std::to_string(owner[res]) + " and phase " + std::to_string(k) +
             " (letter " + letter_name(w[k - 1]) + ") both hit residue " +
             std::to_string(res) + " mod " + std::to_string(r);
    owner[res] = k;
  }
  return std::nullopt;
}

std::vector<i64> letter_counts(const Word& w, int W) {
  std::vector<i64> c(W, 0);
  for (Letter j : w) {
    if (j < 0 || j >= W) throw InputError("letter " + letter_name(j) + " outside alphabet");
    ++c[j];
  }
  return c;
}

// One sweep over the insertion points instead of a legality check per point (a certificate
// of L = 250 has 250 roots of about 500 letters: the report spent a fifth of a whole
// conjecture --out run here). With x inserted before w_{pos+1} the block is (m, u+1), m = r+1:
// the letters before it keep their phase k and hit k + w_k (mod m), x hits pos + 1 + x, the
// letters after it move to phase k+1 and hit k + w_k + 1. Moving pos by one moves one letter
// from the second form to the first; the word is legal iff the r+1 residues are distinct.
std::optional<int> extension_position(int r, i64 u, const Word& w, Letter x) {
  if (r < 1 || static_cast<int>(w.size()) != r - 1 || x < 0) return std::nullopt;
  const i64 m = static_cast<i64>(r) + 1;
  auto mod = [m](i64 v) { return static_cast<std::size_t>(((v % m) + m) % m); };
  std::vector<int> hits(static_cast<std::size_t>(m), 0);
  int doubled = 0;  // residues hit more than once
  auto add = [&](i64 v, int d) {
    int& h = hits[mod(v)];
    if (d > 0) doubled += h == 1;
    h += d;
    if (d < 0) doubled -= h == 1;
  };
  add(u + 1, 1);
  for (int k = 1; k < r; ++k) {
    if (w[k - 1] < 0) return std::nullopt;
    add(static_cast<i64>(k) + w[k - 1] + 1, 1);
  }
  for (int pos = 0; pos < r; ++pos) {
    if (pos > 0) add(static_cast<i64>(pos) + w[pos - 1] + 1, -1), add(static_cast<i64>(pos) + w[pos - 1], 1);
    if (doubled == 0 && hits[mod(static_cast<i64>(pos) + 1 + x)] == 0) return pos;
  }
  return std::nullopt;
}

Letter receive_only_letter(const std::string& text, int L, int letters) {
  Letter x = 0;
  try {
    x = parse_letter(text);
  } catch (const InputError& e) {
    throw InputError("--receive-only '" + text + "': " + e.what());
  }
  if (x < 0 || x >= letters) throw InputError("--receive-only " + text + " is not a letter of L=" + std::to_string(L));
  return x;
}

}  // namespace blockcast
