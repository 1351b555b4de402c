// Exact k-item broadcast and endgame completion (see exact.hpp).
#include "kitem/exact.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include "drat_check.hpp"
#include "simulator.hpp"
#include "temp_proof.hpp"

namespace blockcast {

CheckedAnswer decide_checked(const sat::Cnf& cnf, const sat::SatLimits& limits, bool want_proof) {
  CheckedAnswer ans;
  ans.vars = cnf.vars();
  ans.clauses = cnf.clause_count();
  const auto start = std::chrono::steady_clock::now();
  sat::SatOptions so;
  std::optional<sat::TempProof> proof;  // gone with the process, however it ends
  if (want_proof) so.proof_path = proof.emplace("blockcast-kitem").path();
  ans.sat = sat::solve(cnf, limits, so);
  std::error_code ec;
  switch (ans.sat.status) {
    case Verdict::solved: ans.verdict = Verdict::solved; ans.detail = "SAT"; break;
    default: ans.detail = "solver stopped: " + ans.sat.stop_reason; break;
    case Verdict::impossible: {
      if (!want_proof) {
        ans.detail = "UNSAT (no proof asked for: not counted)";
        break;
      }
      const auto bytes = std::filesystem::file_size(so.proof_path, ec);
      // The check gets four times the solve's budget, and stops at the command's deadline
      // (0 would mean no limit, hence the floor).
      double check_seconds = limits.time_limit > 0 ? 4 * limits.time_limit : 0;
      if (limits.has_deadline())
        check_seconds = std::max(1e-3, check_seconds > 0 ? std::min(check_seconds, limits.seconds_left()) : limits.seconds_left());
      const sat::DratResult d = sat::check_drat(cnf, so.proof_path, check_seconds);
      if (d.verdict == Verdict::rejected)
        throw std::logic_error("kitem: the independent checker rejects CaDiCaL's proof: " + d.message);
      if (d.verified()) {
        ans.verdict = Verdict::impossible;
        ans.detail = "UNSAT, DRAT proof " + std::to_string(ec ? 0 : bytes) + " bytes, " + std::to_string(d.lemmas) +
                     " lemmas, verified by the independent checker";
      } else {
        ans.detail = "UNSAT claimed, proof check stopped: " + d.message;
      }
      break;
    }
  }
  ans.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return ans;
}

std::optional<std::string> model_too_large(const sat::KItemProblem& p) {
  int last = 0;
  for (int d : p.deadline) last = std::max(last, d);
  const double slots = static_cast<double>(p.P) * (p.P - 1) * p.items * std::max(1, last - p.L + 1);
  if (slots <= static_cast<double>(kMaxSatMessageSlots)) return std::nullopt;
  return "not tried: the SAT model would have " + std::to_string(static_cast<std::int64_t>(slots)) +
         " message slots, over the memory bound of " + std::to_string(kMaxSatMessageSlots) + " (about 400 bytes each)";
}

int schedule_time(const Schedule& s) {
  int t = -1;
  for (const Message& m : s.messages) t = std::max(t, static_cast<int>(m.recv_step));
  return t;
}

KItemExact kitem_exact(int L, int P, int k, int lower_bound, int max_T, const Limits& limits) {
  KItemExact r;
  r.L = L, r.P = P, r.k = k, r.lower_bound = lower_bound;
  for (int T = lower_bound; T <= max_T; ++T) {
    if (limits.expired()) {  // the command's deadline: not even the encoding is built
      r.attempts.push_back({T, Verdict::unknown, "not tried: time limit reached", 0, 0, 0});
      return r;
    }
    const sat::KItemProblem problem = sat::kitem_problem(L, P, k, T);
    if (auto why = model_too_large(problem)) {  // the larger T only grows the model
      r.attempts.push_back({T, Verdict::unknown, *why, 0, 0, 0});
      return r;
    }
    std::optional<sat::KItemCnf> enc;
    try {
      enc.emplace(problem, limits.deadline);
    } catch (const sat::EncodingStopped&) {
      r.attempts.push_back({T, Verdict::unknown, sat::kEncodingStopped, 0, 0, 0});
      return r;
    }
    CheckedAnswer a = decide_checked(enc->cnf(), limits);
    r.attempts.push_back({T, a.verdict, a.detail, a.vars, a.clauses, a.seconds});
    if (a.verdict == Verdict::unknown) return r;
    if (a.verdict == Verdict::impossible) continue;
    Schedule s = enc->decode(a.sat);
    s.expected_delay = T;
    const SimulationResult sim = simulate(s);
    if (!sim.ok) throw std::logic_error("kitem: decoded schedule fails the simulator: " + sim.violation.text);
    const int time = schedule_time(s);
    if (time > T) throw std::logic_error("kitem: decoded schedule ends after T");
    r.best_found = time;
    r.schedule = std::move(s);
    r.verdict = Verdict::solved;
    r.optimum = time;
    r.proof = time == lower_bound ? "equals the lower bound"
                                  : "time " + std::to_string(time - 1) + " refuted: " + r.attempts[r.attempts.size() - 2].detail;
    return r;
  }
  // Every T from the lower bound to max_T refuted: no schedule has time <= max_T.
  if (!r.attempts.empty() && r.attempts.back().T == max_T) r.verdict = Verdict::impossible;
  return r;
}

EndgameResult complete_endgame(const Schedule& cut, int keep, int target, const Limits& limits) {
  EndgameResult r;
  r.target = target;
  if (limits.expired()) {
    r.detail = "not tried: time limit reached";
    return r;
  }
  sat::KItemProblem p = sat::kitem_problem(cut.L, static_cast<int>(cut.P), cut.items, target);
  p.order_items = false;
  p.order_processors = false;
  for (const Message& m : cut.messages)
    if (m.item < keep) {
      if (m.recv_step > target) {
        r.verdict = Verdict::impossible;
        r.detail = "the kept items alone end after step " + std::to_string(target);
        return r;
      }
      p.fixed.push_back(m);
    }
  for (int i = 0; i < keep; ++i) p.fixed_items.push_back(i);
  if (auto why = model_too_large(p)) {
    r.detail = *why;
    return r;
  }
  std::optional<sat::KItemCnf> enc;
  try {
    enc.emplace(p, limits.deadline);
  } catch (const sat::EncodingStopped&) {
    r.detail = sat::kEncodingStopped;
    return r;
  }
  CheckedAnswer a = decide_checked(enc->cnf(), limits);
  r.verdict = a.verdict;
  r.detail = a.detail;
  if (a.verdict == Verdict::solved) {
    Schedule s = enc->decode(a.sat);
    s.expected_delay = cut.expected_delay;
    const SimulationResult sim = simulate(s);
    if (!sim.ok) throw std::logic_error("endgame: completed schedule fails the simulator: " + sim.violation.text);
    r.schedule = std::move(s);
  }
  return r;
}

}  // namespace blockcast
