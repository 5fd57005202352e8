// lint: --target=ascend910b --target=ascend950
// A kernel taking a list of output tensors (ListTensorDesc, as MemSet-style
// operators do) fills each with one tile. Tensor i is reached through
// GetDataPtr<float>(i) and told its size by SetGlobalBuffer, one tile; the
// copy writes two tiles (COPY_LEN), past the end of every tensor of the list.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 1024; // floats per tensor of the list
constexpr uint32_t LIST_LEN = 4;
constexpr uint32_t COPY_LEN = 2 * TILE;

class KernelListFill {
public:
  __aicore__ inline KernelListFill() {}
  __aicore__ inline void Init(GM_ADDR y) {
    outputs = ListTensorDesc(reinterpret_cast<__gm__ void *>(y));
    pipe.InitBuffer(buf, COPY_LEN * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 0.0f, COPY_LEN);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    for (uint32_t i = 0; i < LIST_LEN; ++i) {
      GlobalTensor<float> out;
      out.SetGlobalBuffer(outputs.GetDataPtr<float>(i), TILE);
      DataCopy(out, t, COPY_LEN); // expect-error: bounds-global
    }
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  ListTensorDesc outputs;
};

extern "C" __global__ __aicore__ void list_fill(GM_ADDR y) {
  KernelListFill op;
  op.Init(y);
  op.Process();
}
