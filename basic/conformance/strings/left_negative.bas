10 REM LEFT$ with a negative count is an Illegal function call
20 PRINT LEFT$("ABC",-1)
