// lint: --target=ascend910b
// A template-selected kernel with a parameter it never names (schMode, kept
// for a mode to come): the combinations that differ only in it compile to the
// same kernel, and the linter analyses one instantiation for each pair,
// labelled `TPL schMode=0|1, isDouble=...`. No diagnostics expected.
#include "kernel_operator.h"
#include "tpl_merge_tiling_key.h"
using namespace AscendC;

template <int32_t BUFFER_NUM>
class KernelTplMerge {
public:
    __aicore__ inline KernelTplMerge() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t totalLength, uint32_t tileLength)
    {
        this->tileLength = tileLength;
        this->tileNum = totalLength / tileLength;
        xGm.SetGlobalBuffer((__gm__ half*)x, totalLength);
        yGm.SetGlobalBuffer((__gm__ half*)y, totalLength);
        pipe.InitBuffer(inQueue, BUFFER_NUM, tileLength * sizeof(half));
        pipe.InitBuffer(outQueue, BUFFER_NUM, tileLength * sizeof(half));
    }
    __aicore__ inline void Process()
    {
        for (uint32_t i = 0; i < tileNum; i++) {
            CopyIn(i);
            Compute();
            CopyOut(i);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t i)
    {
        LocalTensor<half> xLocal = inQueue.template AllocTensor<half>();
        DataCopy(xLocal, xGm[i * tileLength], tileLength);
        inQueue.EnQue(xLocal);
    }
    __aicore__ inline void Compute()
    {
        LocalTensor<half> xLocal = inQueue.template DeQue<half>();
        LocalTensor<half> yLocal = outQueue.template AllocTensor<half>();
        Muls(yLocal, xLocal, (half)2.0, tileLength);
        outQueue.EnQue(yLocal);
        inQueue.FreeTensor(xLocal);
    }
    __aicore__ inline void CopyOut(uint32_t i)
    {
        LocalTensor<half> yLocal = outQueue.template DeQue<half>();
        DataCopy(yGm[i * tileLength], yLocal, tileLength);
        outQueue.FreeTensor(yLocal);
    }

    TPipe pipe;
    TQue<TPosition::VECIN, BUFFER_NUM> inQueue;
    TQue<TPosition::VECOUT, BUFFER_NUM> outQueue;
    GlobalTensor<half> xGm, yGm;
    uint32_t tileLength = 0, tileNum = 0;
};

template <uint32_t schMode, bool isDouble>
__global__ __aicore__ void tpl_merge(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    ASCENDC_ASSUME(tilingData.tileLength > 0 && tilingData.tileLength <= 8192 && tilingData.tileLength % 16 == 0);
    ASCENDC_ASSUME(tilingData.totalLength <= 1048576);
    if constexpr (isDouble) {
        KernelTplMerge<2> op;
        op.Init(x, y, tilingData.totalLength, tilingData.tileLength);
        op.Process();
    } else {
        KernelTplMerge<1> op;
        op.Init(x, y, tilingData.totalLength, tilingData.tileLength);
        op.Process();
    }
}
