// The plan's network as text and its checks (network_text.hpp).
#include "plan/network_text.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "checked.hpp"

namespace blockcast {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\n"), e = s.find_last_not_of(" \t\n");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// Pieces of `text` between `sep` (an empty text is one empty piece).
std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == sep) {
      out.push_back(trim(text.substr(start, i - start)));
      start = i + 1;
    }
  return out;
}

// One range's text: its from_bytes (nullopt when it has no from=) and its parameters.
// `where` names the range in errors (" in range 2 'from=..,latency=..'", or "" for the only one).
std::pair<std::optional<std::int64_t>, api::NetworkRange> parse_range(const std::string& text,
                                                                      const std::string& where) {
  const auto bad = [&](const std::string& why) { return InputError(why + where); };
  std::optional<std::int64_t> from;
  api::NetworkRange r;
  bool seen[4] = {false, false, false, false};
  const char* keys[4] = {"latency", "overhead", "gap", "gap_per_byte"};
  double* fields[4] = {&r.latency, &r.overhead, &r.gap, &r.gap_per_byte};
  const std::vector<std::string> items = split(text, ',');
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string& item = items[i];
    const auto eq = item.find('=');
    const std::string key = trim(item.substr(0, eq)), value = eq == std::string::npos ? "" : trim(item.substr(eq + 1));
    if (key == "from") {
      std::int64_t v = -1;
      const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
      if (value.empty() || ec != std::errc{} || end != value.data() + value.size() || v < 0)
        throw bad("'" + item + "' is not from=BYTES with an integer >= 0");
      if (i != 0) throw bad("'" + item + "' must come first in its range");
      from = v;
      continue;
    }
    char* end = nullptr;
    const double v = std::strtod(value.c_str(), &end);
    if (eq == std::string::npos || value.empty() || *end != '\0' || !std::isfinite(v) || v < 0)
      throw bad("'" + item + "' is not key=number with a number >= 0 (seconds)");
    int k = 0;
    while (k < 4 && key != keys[k]) ++k;
    if (k == 4) throw bad("unknown key '" + key + "' (from, latency, overhead, gap, gap_per_byte)");
    if (seen[k]) throw bad("'" + key + "' is given twice");
    seen[k] = true, *fields[k] = v;
  }
  return {from, r};
}

std::string number(double v) {
  char buf[40];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return ec == std::errc{} ? std::string(buf, end) : std::to_string(v);
}

std::string range_text(const api::NetworkRange& r) {
  return "latency=" + number(r.latency) + ",overhead=" + number(r.overhead) + ",gap=" + number(r.gap) +
         ",gap_per_byte=" + number(r.gap_per_byte);
}

void require_network_seconds(const std::string& name, double v) {
  if (!std::isfinite(v) || v < 0)
    throw InputError(name + " must be a finite number of seconds >= 0, got " + std::to_string(v));
}

}  // namespace

api::Network parse_network_text(const std::string& text) {
  const std::vector<std::string> pieces = split(text, ';');
  api::Network n;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const std::string number = std::to_string(i + 1);
    if (pieces[i].empty())
      throw InputError(pieces.size() == 1 ? std::string("the network text is empty (latency=..,gap_per_byte=..)")
                                          : "range " + number + " is empty (ranges are separated by ';', keys by ',')");
    const std::string where = pieces.size() == 1 ? "" : " in range " + number + " '" + pieces[i] + "'";
    const auto [from, r] = parse_range(pieces[i], where);
    if (i == 0) {
      if (from && *from != 0) throw InputError("the first range is from 0: leave out from= or write from=0" + where);
      n.latency = r.latency, n.overhead = r.overhead, n.gap = r.gap, n.gap_per_byte = r.gap_per_byte;
      continue;
    }
    if (!from) throw InputError("every range but the first starts with from=BYTES" + where);
    const std::int64_t previous = n.ranges.empty() ? 0 : n.ranges.back().from_bytes;
    if (*from <= previous)
      throw InputError("from=" + std::to_string(*from) +
                       " is not above the previous range's from=" + std::to_string(previous) + where);
    api::NetworkRange x = r;
    x.from_bytes = *from;
    n.ranges.push_back(x);
  }
  return n;
}

std::string network_to_text(const api::Network& n) {
  std::string out = range_text({0, n.latency, n.overhead, n.gap, n.gap_per_byte});
  for (const api::NetworkRange& r : n.ranges) out += ";from=" + std::to_string(r.from_bytes) + "," + range_text(r);
  return out;
}

void check_network(const api::Network& n) {
  require_network_seconds("latency", n.latency);
  require_network_seconds("overhead", n.overhead);
  require_network_seconds("gap", n.gap);
  require_network_seconds("gap_per_byte", n.gap_per_byte);
  std::int64_t previous = 0;
  for (std::size_t i = 0; i < n.ranges.size(); ++i) {
    const api::NetworkRange& r = n.ranges[i];
    const std::string name =
        "network range " + std::to_string(i + 1) + " (from " + std::to_string(r.from_bytes) + " bytes): ";
    if (r.from_bytes <= previous)
      throw InputError(name + "from_bytes must be above " + std::to_string(previous) +
                       " (the range from 0 is the network's own four fields; ranges ascend)");
    previous = r.from_bytes;
    require_network_seconds(name + "latency", r.latency);
    require_network_seconds(name + "overhead", r.overhead);
    require_network_seconds(name + "gap", r.gap);
    require_network_seconds(name + "gap_per_byte", r.gap_per_byte);
  }
}

}  // namespace blockcast
