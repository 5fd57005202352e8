// lint: --target=ascend950
// The twin of ticket_spin_good.cpp reading the counter through a plain
// pointer: the compiler may keep or reorder that read, and it races with the
// other threads' atomic increments.
#include "kernel_operator.h"
#include "simt_api/asc_simt.h"

using namespace AscendC;

constexpr uint32_t THREADS = 64;

__simt_vf__ __aicore__ LAUNCH_BOUND(THREADS) inline void TakeTickets(__ubuf__ uint32_t *counter, __gm__ uint32_t *out) {
  uint32_t t = threadIdx.x;
  uint32_t mine = asc_atomic_add(&counter[0], 1u);
  uint32_t seen = counter[0]; // expect: sync-simt
  out[t] = seen >= mine ? seen - mine : 0u;
}

extern "C" __global__ __aicore__ void take_tickets(GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 32);
  GlobalTensor<uint32_t> yGm;
  yGm.SetGlobalBuffer((__gm__ uint32_t *)y, THREADS);
  LocalTensor<uint32_t> c = buf.Get<uint32_t>();
  Duplicate(c, 0u, 8);
  PipeBarrier<PIPE_V>();
  asc_vf_call<TakeTickets>(dim3(THREADS), (__ubuf__ uint32_t *)c.GetPhyAddr(), (__gm__ uint32_t *)yGm.GetPhyAddr());
}
