10 REM assigning a single to a double keeps the single's binary value
20 A!=.1:B#=A!:C#=.1#
30 PRINT B#;C#;A!=C#
