// lint: --target=ascend950
// Ascend 950 high-level Sort with a SortConfig: each row of ROW floats is
// sorted with the indices of its elements. Under MERGE_SORT the value
// destination takes 8 bytes per element (Sort.md, 参数说明: "MERGE_SORT算法下
// 输出数据的每个元素需要按8Byte申请空间"); this kernel sizes it for 4.
#include "kernel_operator.h"
#ifndef ASCENDC_ASSUME
#define ASCENDC_ASSUME(e)
#endif

using namespace AscendC;

constexpr uint32_t ROW = 1024;
constexpr int32_t BUFFER_NUM = 2;
constexpr SortConfig kMergeDescending{SortType::MERGE_SORT, true};

class KernelSortRows {
public:
  __aicore__ inline KernelSortRows() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR idx, uint32_t rows) {
    this->rows = rows;
    ASCENDC_ASSUME(rows <= 65536); // the host never launches more rows
    xGm.SetGlobalBuffer((__gm__ float *)x, rows * ROW);
    yGm.SetGlobalBuffer((__gm__ float *)y, rows * ROW);
    idxGm.SetGlobalBuffer((__gm__ uint32_t *)idx, rows * ROW);
    pipe.InitBuffer(inQ, BUFFER_NUM, ROW * sizeof(float));
    pipe.InitBuffer(outQ, BUFFER_NUM, ROW * sizeof(float));
    pipe.InitBuffer(idxQ, BUFFER_NUM, ROW * sizeof(uint32_t));
    pipe.InitBuffer(tmpBuf, 16 * 1024);
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < rows; i++) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
  }

private:
  __aicore__ inline void CopyIn(uint32_t i) {
    LocalTensor<float> a = inQ.AllocTensor<float>();
    DataCopy(a, xGm[i * ROW], ROW);
    inQ.EnQue(a);
  }
  __aicore__ inline void Compute() {
    LocalTensor<float> a = inQ.DeQue<float>();
    LocalTensor<float> b = outQ.AllocTensor<float>();
    LocalTensor<uint32_t> ix = idxQ.AllocTensor<uint32_t>();
    LocalTensor<uint8_t> tmp = tmpBuf.Get<uint8_t>();
    Sort<float, false, kMergeDescending>(b, ix, a, tmp, ROW); // expect-error: bounds-local
    outQ.EnQue(b);
    idxQ.EnQue(ix);
    inQ.FreeTensor(a);
  }
  __aicore__ inline void CopyOut(uint32_t i) {
    LocalTensor<float> b = outQ.DeQue<float>();
    LocalTensor<uint32_t> ix = idxQ.DeQue<uint32_t>();
    DataCopy(yGm[i * ROW], b, ROW);
    DataCopy(idxGm[i * ROW], ix, ROW);
    outQ.FreeTensor(b);
    idxQ.FreeTensor(ix);
  }

  TPipe pipe;
  TQue<TPosition::VECIN, BUFFER_NUM> inQ;
  TQue<TPosition::VECOUT, BUFFER_NUM> outQ, idxQ;
  TBuf<TPosition::VECCALC> tmpBuf;
  GlobalTensor<float> xGm, yGm;
  GlobalTensor<uint32_t> idxGm;
  uint32_t rows = 0;
};

extern "C" __global__ __aicore__ void sort_rows(GM_ADDR x, GM_ADDR y, GM_ADDR idx, uint32_t rows) {
  KernelSortRows op;
  op.Init(x, y, idx, rows);
  op.Process();
}
