// lint: --target=ascend910b
// A barrier from a header the linter does not have (declared, no body):
// the call may order the copy-in, the vector op and the copy-out, so the
// races across it are `unknown` notes, not errors. Any call without a body
// whose name says sync/barrier/wait/fence is kept in the sequence so.
#include "kernel_operator.h"
using namespace AscendC;
__aicore__ void vendor_pipe_sync_all(); // a barrier from a header the linter does not have
extern "C" __global__ __aicore__ void add_one(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 1024 * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, 1024);
  yGm.SetGlobalBuffer((__gm__ float *)y, 1024);
  LocalTensor<float> t = b.Get<float>();
  DataCopy(t, xGm, 1024);
  vendor_pipe_sync_all();
  Adds(t, t, 1.0f, 1024);
  vendor_pipe_sync_all();
  DataCopy(yGm, t, 1024);
}
