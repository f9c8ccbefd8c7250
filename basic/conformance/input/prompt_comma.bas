10 REM INPUT "prompt",var shows the prompt without a question mark
20 INPUT "NAME: ",A$
30 PRINT "[";A$;"]"
