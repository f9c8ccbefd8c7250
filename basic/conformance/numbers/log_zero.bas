10 REM LOG of zero is Illegal function call
20 PRINT LOG(0)
