10 REM literals too large saturate (and print Overflow when the line is entered)
20 PRINT 3.4E+38; 1D+100; -9E+99
