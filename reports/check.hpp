// Text and JSON of the check runs (search/check/): `check`, `simulate` and
// `verify-certificate`. The payload JSON is what the CLI prints under its envelope with
// --json and what the public library's CheckReport::to_json returns, so both read alike.
#pragma once
#include <string>

#include "check/certificate_check.hpp"
#include "check/schedule_check.hpp"
#include "outcome.hpp"

namespace blockcast {

// The outcome (engine/outcome.hpp) of a schedule check: format "blockcast-check" (mode
// check) or "blockcast-simulate", its verdict and reason, and the payload: the rule broken
// (a rejection before or during the replay), else the checked facts (an assignment's L,
// shape, t, T, P, delay, receive-only letter; a replay's k, P, L, messages, max_delay, time,
// expected_delay, every_delay_expected; a circulant's L, P, k, time, checks).
Outcome check_outcome(const ScheduleCheck& c, CheckMode mode);
// One line: a sentence saying what was shown about which form of schedule, then the verdict
// (ACCEPTED / REJECTED) and the evidence: the symbolic check's summary, the replay's counts,
// or the first rule broken.
std::string check_text(const ScheduleCheck& c);

// verify-certificate: format "blockcast-verify-certificate"; the payload the L and, when
// accepted, the shape, x, t0, base cases, compositions, simulations and minimality evidence.
Outcome certificate_outcome(const CertificateCheck& c, const Certificate& certificate, std::int64_t sim_events);
// One line: "For L = 3 and every t >= 7, a block-cyclic schedule reaches delay L+t on the
// optimal tree T_t (...): ACCEPTED, " and the evidence; a rejection names its reason.
std::string certificate_check_text(const CertificateCheck& c, const Certificate& certificate, std::int64_t sim_events);

}  // namespace blockcast
