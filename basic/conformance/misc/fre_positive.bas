10 REM FRE returns the free memory, a positive number
20 PRINT FRE(0)>1000;FRE("")>1000;FRE(0)<65536
