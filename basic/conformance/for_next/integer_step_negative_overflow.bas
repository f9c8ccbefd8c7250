10 REM an integer loop counting down past -32768 overflows
20 FOR I%=-32767 TO -32768 STEP -1:PRINT I%;:NEXT
