// lint: --target=ascend910b --target=ascend950 --checks=*,-perf-bank-conflict
// An fp32 accumulator kept resident in a TQue<VECCALC, 1>: Init allocates and
// enqueues it once; each row DeQues it to zero it and EnQues it back, each tile
// DeQues it, adds into it and EnQues it back, and the row's last step DeQues it
// once more to cast it out without enqueuing it again.
// TQue<VECCALC> is TQueBind<MAX, MAX> in AscendC (GetBufferLogicPos maps
// VECCALC to no position), so its EnQue sets and its DeQue waits for no event:
// a DeQue with no EnQue before it cannot hang, and none is reported (ops-math
// cdist keeps its result this way; this drew a false hang error).
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t TILE = 512;

constexpr uint32_t ROWS = 4;  // rows per core
constexpr uint32_t TILES = 8; // tiles of TILE elements per row

class KernelRowSum {
public:
  __aicore__ inline KernelRowSum() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ half *)x, ROWS * TILES * TILE);
    yGm.SetGlobalBuffer((__gm__ half *)y, ROWS * TILE);
    pipe.InitBuffer(inQueueX, BUFFER_NUM, TILE * sizeof(half));
    pipe.InitBuffer(outQueueY, 1, TILE * sizeof(half));
    pipe.InitBuffer(accQueue, 1, TILE * sizeof(float));
    pipe.InitBuffer(castBuf, TILE * sizeof(float));
    LocalTensor<float> acc = accQueue.AllocTensor<float>();
    Duplicate<float>(acc, 0.0f, TILE);
    accQueue.EnQue(acc);
  }
  __aicore__ inline void Process() {
    for (uint32_t r = 0; r < ROWS; ++r) {
      LocalTensor<float> acc = accQueue.DeQue<float>(); // after CopyOut's DeQue: no EnQue in between
      Duplicate<float>(acc, 0.0f, TILE);
      accQueue.EnQue(acc);
      for (uint32_t t = 0; t < TILES; ++t) {
        CopyIn(r * TILES + t);
        Accumulate();
      }
      CopyOut(r);
    }
  }

private:
  __aicore__ inline void CopyIn(uint32_t tile) {
    LocalTensor<half> xLocal = inQueueX.AllocTensor<half>();
    DataCopy(xLocal, xGm[tile * TILE], TILE);
    inQueueX.EnQue(xLocal);
  }
  __aicore__ inline void Accumulate() {
    LocalTensor<half> xLocal = inQueueX.DeQue<half>();
    LocalTensor<float> x32 = castBuf.Get<float>();
    LocalTensor<float> acc = accQueue.DeQue<float>();
    Cast(x32, xLocal, RoundMode::CAST_NONE, TILE);
    Add(acc, acc, x32, TILE);
    accQueue.EnQue(acc);
    inQueueX.FreeTensor(xLocal);
  }
  __aicore__ inline void CopyOut(uint32_t r) {
    LocalTensor<half> yLocal = outQueueY.AllocTensor<half>();
    LocalTensor<float> acc = accQueue.DeQue<float>(); // resident: not enqueued again below
    Cast(yLocal, acc, RoundMode::CAST_RINT, TILE);
    outQueueY.EnQue(yLocal);
    yLocal = outQueueY.DeQue<half>();
    DataCopy(yGm[r * TILE], yLocal, TILE);
    outQueueY.FreeTensor(yLocal);
  }

  TPipe pipe;
  TQue<TPosition::VECIN, BUFFER_NUM> inQueueX;
  TQue<TPosition::VECOUT, 1> outQueueY;
  TQue<TPosition::VECCALC, 1> accQueue;
  TBuf<TPosition::VECCALC> castBuf;
  GlobalTensor<half> xGm, yGm;
};

extern "C" __global__ __aicore__ void row_sum(GM_ADDR x, GM_ADDR y) {
  KernelRowSum op;
  op.Init(x, y);
  op.Process();
}
