10 REM TIMER is the number of seconds since midnight
20 T=TIMER:PRINT T>=0;T<86400
